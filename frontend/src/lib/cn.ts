import { twMerge } from 'tailwind-merge';

type ClassName = string | false | null | undefined;

/** Joins class names, leaving out falsy ones: for classes that never clash (a state, a condition, a layout addition). */
export function cn(...classes: ClassName[]): string {
  return classes.filter(Boolean).join(' ');
}

/**
 * A component's own classes followed by a caller's `className`, where a caller's class wins over the component's
 * class of the same kind (another padding, another background colour). tailwind-merge decides what clashes, but
 * building its tables takes tens of milliseconds on a phone, in the first render; so it runs only when the two
 * lists can clash at all, which most callers' classes (a margin, a width) cannot. `mayClash` is tested against
 * tailwind-merge with every pair of classes the app's source uses.
 */
export function withOverrides(base: string, override: ClassName): string {
  if (!override) return base;
  const baseKinds = kindsOf(base);
  const clashes = override
    .split(/\s+/)
    .filter(Boolean)
    .some((token) => baseKinds.has(kindOf(token)));
  return clashes ? twMerge(base, override) : `${base} ${override}`;
}

/** A component's classes are a handful of fixed strings: each is taken apart once. */
const kindsByBase = new Map<string, Set<string>>();

function kindsOf(base: string): Set<string> {
  let kinds = kindsByBase.get(base);
  if (!kinds) {
    kinds = new Set(base.split(/\s+/).filter(Boolean).map(kindOf));
    kindsByBase.set(base, kinds);
  }
  return kinds;
}

/** Whether tailwind-merge could drop `earlier` for `later`: both are of one kind. */
export function mayClash(earlier: string, later: string): boolean {
  return kindOf(earlier) === kindOf(later);
}

/** Utilities whose names do not start with their kind, or whose kind spans several prefixes. */
const KINDS: Record<string, string> = {
  ...spread('padding', ['p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe']),
  ...spread('margin', ['m', 'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me']),
  ...spread('size', ['size', 'w', 'h']),
  ...spread('inset', ['inset', 'top', 'right', 'bottom', 'left', 'start', 'end']),
  ...spread('flex', ['flex', 'grow', 'shrink', 'basis']),
  ...spread('text', ['text', 'leading', 'truncate']),
  ...spread('display', [
    'block',
    'inline',
    'inline-block',
    'inline-flex',
    'grid',
    'inline-grid',
    'hidden',
    'contents',
    'table',
    'flow-root',
    'list-item',
    'line',
    'overflow',
    'sr',
    'not-sr-only',
  ]),
  ...spread('position', ['static', 'fixed', 'absolute', 'relative', 'sticky']),
  ...spread('visibility', ['visible', 'invisible', 'collapse']),
  ...spread('decoration', ['underline', 'overline', 'line-through', 'no-underline', 'decoration']),
  ...spread('case', ['uppercase', 'lowercase', 'capitalize', 'normal-case']),
  ...spread('style', ['italic', 'not-italic']),
  ...spread('whitespace', ['whitespace', 'wrap', 'break']),
};

function spread(kind: string, heads: string[]): Record<string, string> {
  return Object.fromEntries(heads.map((head) => [head, kind]));
}

/** "hover:-mt-2" → "hover:margin": the variants (in any order) and the utility's kind. */
function kindOf(token: string): string {
  const parts = token.split(/:(?![^[]*\])/);
  const utility = parts.pop()!.replace(/^!/, '').replace(/^-/, '');
  // "flex" alone is a display; "flex-1" sizes a flex item.
  const [first, second] = utility.split('-');
  // min-w and min-h (max- alike) are kinds of their own.
  const head = utility === 'flex' ? 'inline-flex' : (KINDS[utility] ?? (first === 'min' || first === 'max' ? `${first}-${second}` : first));
  return `${parts.sort().join(':')}:${KINDS[head] ?? head}`;
}
