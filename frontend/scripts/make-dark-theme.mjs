// Writes src/dark-theme.css: the dark theme as Tailwind's own palette turned over, so every existing class follows the
// system setting without a second class beside it. Each hue's shade n takes the light value of shade 1000 − n (50 ↔ 950,
// 100 ↔ 900 …); 500 takes 400's (a mid grey on a dark page needs the lighter one for contrast; amber has two more
// exceptions, below); white becomes the card surface (slate 900) and black the lightest ink (slate 50). Values come
// from the installed tailwindcss/theme.css: run `node scripts/make-dark-theme.mjs` after upgrading Tailwind, commit it.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The hues the app's classes use (grep the sources for `-(hue)-\d` when adding one). */
const HUES = ['slate', 'emerald', 'amber', 'red', 'violet', 'sky', 'orange', 'fuchsia', 'blue', 'indigo', 'purple', 'green'];
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

const themeCss = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');
const value = (name) => {
  const found = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(themeCss);
  if (!found) throw new Error(`--color-${name} is not in tailwindcss/theme.css`);
  return found[1].trim();
};
/**
 * Amber 400 and 500 are the gold of chips and buttons with amber 950 text on them: turned over, that text is amber 50,
 * which needs a darker gold under it (700's) to keep 4.5:1.
 */
const EXCEPTIONS = { 'amber-400': 'amber-700', 'amber-500': 'amber-700' };
const turned = (hue, shade) => EXCEPTIONS[`${hue}-${shade}`] ?? `${hue}-${shade === 500 ? 400 : 1000 - shade}`;

const lines = [];
for (const hue of HUES) for (const shade of SHADES) lines.push(`      --color-${hue}-${shade}: ${value(turned(hue, shade))};`);
lines.push(`      --color-white: ${value('slate-900')};`, `      --color-black: ${value('slate-50')};`);

writeFileSync(
  new URL('../src/dark-theme.css', import.meta.url),
  `/* Made by scripts/make-dark-theme.mjs (the light palette turned over for a dark system setting): do not edit. */
@layer base {
  @media (prefers-color-scheme: dark) {
    :root {
${lines.join('\n')}
    }
  }
}
`,
);
