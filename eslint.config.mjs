import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'data/**', 'frontend/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:lib'] },
            // The bench times the services' own SQL builders, so it may read them (never the other way round).
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
            { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['scope:contracts'] },
            { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:gateway'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/**', '../../../*'], message: 'Import other projects by their @curbside/* name.' }] }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.medium-spec.ts', '**/*.int-spec.ts', '**/*.contract.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
