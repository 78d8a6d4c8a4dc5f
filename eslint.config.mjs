import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

// TypeORM answers an UPDATE or DELETE as [rows, affected] and anything else as its rows: a raw read of that pair from
// `.query()` is how one gets mistaken for the other (docs/architecture.md). A result kept in a variable and indexed
// later is out of a selector's reach.
const QUERY_ANSWER = "[init.type='AwaitExpression'][init.argument.callee.property.name='query']";
const RAW_CHANGE_READ = 'Read an UPDATE or DELETE through affectedCount() or changedRows() from @curbside/platform, not as [rows, affected].';
const rawChangeReads = [
  { selector: `VariableDeclarator${QUERY_ANSWER}[id.elements.1]:not([id.elements.0])`, message: RAW_CHANGE_READ },
  { selector: `VariableDeclarator${QUERY_ANSWER}[id.elements.0.type='ArrayPattern']`, message: RAW_CHANGE_READ },
  { selector: `VariableDeclarator${QUERY_ANSWER}[id.typeAnnotation.typeAnnotation.type='TSTupleType']`, message: RAW_CHANGE_READ },
  {
    selector: "MemberExpression[computed=true][property.value=1][object.type='AwaitExpression'][object.argument.callee.property.name='query']",
    message: RAW_CHANGE_READ,
  },
];

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
      'no-restricted-syntax': ['error', ...rawChangeReads],
    },
  },
  {
    // A test database's template is keyed by the text of the migrations' files (migrated-test-database.ts): what a
    // migration imports from elsewhere would change the schema without changing the key.
    files: ['services/*/src/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!typeorm$|node:|\./[^/]+$)', message: 'A migration imports only TypeORM, Node and the migrations beside it.' }] },
      ],
    },
  },
  {
    files: ['libs/platform/src/**/*.migration.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!typeorm$|node:)', message: 'A shared migration imports only TypeORM and Node.' }] }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.medium-spec.ts', '**/*.int-spec.ts', '**/*.contract.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
