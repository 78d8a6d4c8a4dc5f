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
  // The same files the lint config holds to those imports: every service's migrations folder, and the shared
  // `*.migration.ts` files anywhere in the platform.
  const files = [
    ...filesUnder(root, 'libs/platform/src', (name) => name.endsWith('.migration.ts')),
    ...services.flatMap((s) => filesUnder(root, `services/${s.name}/src/migrations`, (name) => name.endsWith('.ts') && !/spec\.ts$/.test(name))),
  ];
  return [...classes, ...files].join('\n');
}

/** The files below a folder of the repository that `keep` names, each as its path and text; none for a folder that is not there. */
function filesUnder(root: string, folder: string, keep: (name: string) => boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names
    .filter((name) => keep(path.basename(name)))
    .sort()
    .map((name) => `${folder}/${name}\n${readFileSync(path.join(root, folder, name), 'utf8')}`);
}
