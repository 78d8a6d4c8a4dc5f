import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabaseFrom, TestDatabase } from '../database/test-database';
import { openDatabase, schemaNameFor } from '../database/open-database';
import { CreateOutboxTables1763800000000 } from '../outbox/create-outbox-tables.migration';
import type { ServiceDefinition } from './service-runtime';

type Migrated = Pick<ServiceDefinition, 'name' | 'migrations'>;

const repo = path.resolve(__dirname, '../../../..');

/**
 * A fresh test database with the schemas of these services already migrated, copied from a template built once for
 * the same migrations: a service started on it finds nothing to run, where running them costs ~1.5 s a database.
 * The template's digest is the migrations' code, so a changed or added migration builds a new one.
 */
export function createMigratedTestDatabase(services: readonly Migrated[]): Promise<TestDatabase> {
  const sorted = [...services].sort((a, b) => a.name.localeCompare(b.name));
  return createTestDatabaseFrom({
    kind: `migrated:${sorted.map((s) => s.name).join(',')}`,
    digest: migrationsDigest(sorted),
    async build(url) {
      for (const service of sorted) {
        const schema = schemaNameFor(service.name);
        const dataSource = await openDatabase(
          { url, poolSize: 1 },
          { schema, entities: [], migrations: service.migrations, applicationName: `curbside-${service.name}` },
        );
        await dataSource.destroy();
      }
    },
  });
}

/**
 * What the migrations would build, as text: each one's name and class, and the whole of the files they come from. A
 * class's own text leaves out what its module holds beside it (a catalogue, a constant, a helper a later migration
 * imports), and a change there must build a new template too. The lint config keeps a migration's imports to TypeORM,
 * Node and the files of its own folder, so these files are all of it.
 */
export function migrationsDigest(services: readonly Migrated[], root = repo): string {
  const code = (migration: Migrated['migrations'][number]) => `${migration.name}\n${migration.toString()}`;
  const classes = [code(CreateOutboxTables1763800000000), ...services.flatMap((s) => [s.name, ...s.migrations.map(code)])];
  const folders = ['libs/platform/src/outbox', 'libs/platform/src/idempotency', ...services.map((s) => `services/${s.name}/src/migrations`)];
  return [...classes, ...folders.flatMap((folder) => migrationFiles(root, folder))].join('\n');
}

/** The migration files of a folder of the repository, each as its name and text; none for a folder that is not there. */
function migrationFiles(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const isMigration = (name: string) => (folder.endsWith('/migrations') ? name.endsWith('.ts') : name.endsWith('.migration.ts')) && !/spec\.ts$/.test(name);
  return names
    .filter(isMigration)
    .sort()
    .map((name) => `${folder}/${name}\n${readFileSync(path.join(dir, name), 'utf8')}`);
}
