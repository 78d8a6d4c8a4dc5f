import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
            { group: ['@curbside/contracts/*', '!@curbside/contracts/client'], message: 'Import @curbside/contracts or its zod-free @curbside/contracts/client only.' },
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
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
