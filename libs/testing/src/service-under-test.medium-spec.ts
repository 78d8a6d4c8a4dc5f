import type { ServiceName } from '@curbside/contracts';
import { connectionsLeft, ServiceDefinition, testDatabaseExists } from '@curbside/platform';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { startServiceUnderTest } from './service-under-test';

/**
 * A service whose migration fails (a schema it cannot migrate). The migration first notes which database it ran in,
 * so that the test can look for that database afterwards.
 */
function serviceThatCannotMigrate(): { definition: ServiceDefinition; databases: string[] } {
  const databases: string[] = [];
  class NoteTheDatabaseThenFail implements MigrationInterface {
    name = 'NoteTheDatabaseThenFail1700000000000';
    async up(runner: QueryRunner): Promise<void> {
      const [{ name }]: { name: string }[] = await runner.query('SELECT current_database() AS name');
      databases.push(name);
      throw new Error('this service cannot migrate');
    }
    async down(): Promise<void> {
      // Nothing was done.
    }
  }
  // A name of its own: the folder and the connections it would leave behind are told apart from other tests'.
  const name = `failing-${randomUUID().slice(0, 8)}` as ServiceName;
  const definition: ServiceDefinition = {
    name,
    entities: [],
    migrations: [NoteTheDatabaseThenFail],
    module: () => {
      throw new Error('never reached: the migration fails first');
    },
  };
  return { definition, databases };
}

describe('startServiceUnderTest, when the service fails to start', () => {
  it('rejects with the service’s error and leaves no database, connection or data folder behind', async () => {
    const { definition, databases } = serviceThatCannotMigrate();

    await expect(startServiceUnderTest(definition, {}, 'empty')).rejects.toThrow('this service cannot migrate');

    expect(databases).toHaveLength(1);
    expect(await testDatabaseExists(databases[0])).toBe(false);
    expect(await connectionsLeft({ applicationName: `curbside-${definition.name}` })).toBe(0);
    expect(readdirSync(tmpdir()).filter((entry) => entry.startsWith(`curbside-${definition.name}-`))).toEqual([]);
  });
});
