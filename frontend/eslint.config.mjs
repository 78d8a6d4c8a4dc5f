import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Every feature folder: each may import only itself among the features (docs/architecture.md, "Frontend"). */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The frontend's own config (the root one ignores frontend/**): React + TypeScript, and the module boundary. */
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Same constraint as the root config: the frontend may depend on the contracts library only.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [{ sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['scope:contracts'] }],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@curbside/*', '!@curbside/contracts'], message: 'The frontend imports only @curbside/contracts.' },
            {
              group: ['@curbside/contracts/*', '!@curbside/contracts/client'],
              message: 'Import @curbside/contracts or its zod-free @curbside/contracts/client only.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The compiler already checks these, and React Compiler rules do not apply (no compiler here).
      'react-hooks/react-compiler': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/static-components': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Tests may render what the app composes (a route with its features); the source may not.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/testing/**'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      // One-way imports, as bulletproof-react cuts them: shared layers (components, lib) → features → app. A feature
      // never imports another feature; what two features need is shared (components/, lib/) or composed in app/.
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared part to components/ or lib/, or compose both in app/.',
            })),
            { target: './src/features', from: './src/app', message: 'Features do not import the app layer.' },
            {
              target: ['./src/components', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'components/ and lib/ import no feature and no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shared lib/ is on the first screen: it reads values from the contracts' zod-free browser entry only (a value
    // from the full entry put zod into the app's entry chunk once), types from either.
    files: ['src/lib/**/*.ts', 'src/lib/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@curbside/contracts',
              allowTypeImports: true,
              message: 'lib/ is on the first screen: import values from @curbside/contracts/client (types may come from @curbside/contracts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
