import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import type { MigrationInterface } from 'typeorm';
import { migrationsDigest } from './migrated-test-database';

class AddCatalogue1 implements MigrationInterface {
  name = 'AddCatalogue1';
  up = async (): Promise<void> => undefined;
  down = async (): Promise<void> => undefined;
}

describe('the migrated template digest', () => {
  let root: string;
  const file = () => path.join(root, 'services/rewards/src/migrations/1-add-catalogue.ts');
  const digest = () => migrationsDigest([{ name: 'rewards', migrations: [AddCatalogue1] }], root);

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    mkdirSync(path.dirname(file()), { recursive: true });
    writeFileSync(file(), "const CATALOGUE = ['mug'];\nexport class AddCatalogue1 {}\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('changes with what a migration file holds beside its class', () => {
    const before = digest();
    expect(digest()).toBe(before);
    writeFileSync(file(), "const CATALOGUE = ['mug', 'tote bag'];\nexport class AddCatalogue1 {}\n");
    expect(digest()).not.toBe(before);
  });

  it('changes with a shared migration file wherever the platform keeps it', () => {
    const before = digest();
    mkdirSync(path.join(root, 'libs/platform/src/audit'), { recursive: true });
    writeFileSync(path.join(root, 'libs/platform/src/audit/create-audit-table.migration.ts'), 'const TABLE = "audit";\n');
    expect(digest()).not.toBe(before);
  });

  it('changes when a file is added to the folder, a helper another migration imports', () => {
    const before = digest();
    writeFileSync(path.join(path.dirname(file()), '0-helpers.ts'), 'export const R = 6371;\n');
    expect(digest()).not.toBe(before);
  });
});

describe('what a migration may import', () => {
  // The digest above reads only the migrations' own folders; the lint config keeps their imports there (eslint.config.mjs).
  const repo = path.resolve(__dirname, '../../../..');
  const eslint = new ESLint({ cwd: repo, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });
  const refusals = async (filePath: string, from: string): Promise<number> => {
    const [result] = await eslint.lintText(`import { x } from '${from}';\nexport { x };\n`, { filePath: path.join(repo, filePath) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
  };

  it.each(['typeorm', 'node:crypto', './1763800000303-public-position'])('lets a service migration import %s', async (from) => {
    expect(await refusals('services/items/src/migrations/1799999999999-probe.ts', from)).toBe(0);
  });

  it.each(['../store/items.repository', '@curbside/platform', './helpers/sql', 'pg'])('refuses a service migration %s', async (from) => {
    expect(await refusals('services/items/src/migrations/1799999999999-probe.ts', from)).toBe(1);
  });

  it('refuses a shared migration anything beyond TypeORM and Node', async () => {
    expect(await refusals('libs/platform/src/outbox/probe.migration.ts', './outbox-relay')).toBe(1);
    expect(await refusals('libs/platform/src/outbox/probe.migration.ts', 'typeorm')).toBe(0);
  });
});
