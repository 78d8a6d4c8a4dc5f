import { randomUUID } from 'node:crypto';
import { Column, DataSource, Entity, MigrationInterface, PrimaryColumn, QueryRunner } from 'typeorm';
import { openDatabase, DatabaseTarget } from './open-database';
import { connectionsLeft } from './test-database';

@Entity('notes')
class NoteEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  body: string;
}

class CreateNotes1763800000001 implements MigrationInterface {
  name = 'CreateNotes1763800000001';
  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`CREATE TABLE "${schema}".notes (id uuid PRIMARY KEY, body text NOT NULL)`);
  }
  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`DROP TABLE "${schema}".notes`);
  }
}

class FailingMigration1763800000002 implements MigrationInterface {
  name = 'FailingMigration1763800000002';
  async up(): Promise<void> {
    throw new Error('this migration cannot run');
  }
  async down(): Promise<void> {
    // Nothing was done.
  }
}

export interface DatabaseFixture {
  target: DatabaseTarget;
  teardown(): Promise<void>;
}

const open = (target: DatabaseTarget, schema: string) =>
  openDatabase(target, { schema, entities: [NoteEntity], migrations: [CreateNotes1763800000001], applicationName: 'contract-test' });

/** What both database adapters must do the same way; run against PostgreSQL. */
export function describeDatabaseContract(name: string, setup: () => Promise<DatabaseFixture>): void {
  describe(`Database contract: ${name}`, () => {
    let fixture: DatabaseFixture;
    let alpha: DataSource;
    let beta: DataSource;

    beforeAll(async () => {
      fixture = await setup();
      alpha = await open(fixture.target, 'alpha');
      beta = await open(fixture.target, 'beta');
    });
    afterAll(async () => {
      await alpha?.destroy();
      await beta?.destroy();
      await fixture?.teardown();
    });

    it('runs each schema its own migrations once, with the outbox tables first', async () => {
      const again = await open(fixture.target, 'alpha');
      const ran = await again.query(`SELECT name FROM "alpha".migrations ORDER BY id`);
      await again.destroy();
      expect(ran.map((r: { name: string }) => r.name)).toEqual(['CreateOutboxTables1763800000000', 'CreateNotes1763800000001']);
    });

    it('lets replicas that start together create a new schema and migrate it once', async () => {
      // Four replicas of one service at once, ten times, each time on a schema that does not exist yet.
      for (let round = 0; round < 10; round++) {
        const schema = `together_${round}`;
        const replicas = await Promise.all(Array.from({ length: 4 }, () => open(fixture.target, schema)));
        const ran = await replicas[0].query(`SELECT name FROM "${schema}".migrations ORDER BY id`);
        await Promise.all(replicas.map((replica) => replica.destroy()));
        expect(ran.map((r: { name: string }) => r.name)).toEqual(['CreateOutboxTables1763800000000', 'CreateNotes1763800000001']);
      }
    });

    it('closes its connections when a migration fails, and lets the failure through', async () => {
      const applicationName = `contract-failing-${randomUUID().slice(0, 8)}`;
      await expect(
        openDatabase(fixture.target, { schema: 'failing', entities: [], migrations: [FailingMigration1763800000002], applicationName }),
      ).rejects.toThrow('this migration cannot run');
      expect(await connectionsLeft({ applicationName })).toBe(0);
    });

    it('keeps schemas apart: a row written in one is not seen in the other', async () => {
      await alpha.getRepository(NoteEntity).insert({ id: randomUUID(), body: 'only in alpha' });
      expect(await beta.getRepository(NoteEntity).count()).toBe(0);
      expect(await alpha.getRepository(NoteEntity).countBy({ body: 'only in alpha' })).toBe(1);
    });

    it('rolls back every write of a failed transaction', async () => {
      const id = randomUUID();
      await expect(
        alpha.transaction(async (m) => {
          await m.insert(NoteEntity, { id, body: 'doomed' });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await alpha.getRepository(NoteEntity).findOneBy({ id })).toBeNull();
    });

    it('does not let concurrent transactions see or lose each other’s writes', async () => {
      const kept = randomUUID();
      const lost = randomUUID();
      const slowRollback = alpha.transaction(async (m) => {
        await m.insert(NoteEntity, { id: lost, body: 'rolled back' });
        await new Promise((r) => setTimeout(r, 50));
        throw new Error('rollback');
      });
      const commit = beta.transaction(async (m) => {
        await m.insert(NoteEntity, { id: kept, body: 'committed' });
      });
      await expect(slowRollback).rejects.toThrow('rollback');
      await commit;
      expect(await beta.getRepository(NoteEntity).findOneBy({ id: kept })).not.toBeNull();
      expect(await alpha.getRepository(NoteEntity).findOneBy({ id: lost })).toBeNull();
    });

    it('never JIT-compiles: every pooled connection starts with jit off', async () => {
      const settings = await Promise.all([1, 2, 3].map(() => alpha.query(`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid`)));
      expect(new Set(settings.map(([row]) => row.pid)).size).toBeGreaterThan(1);
      expect(settings.map(([row]) => row.jit)).toEqual(['off', 'off', 'off']);
    });

    it('has the geo and text extensions the feed needs', async () => {
      const [row] = await alpha.query(
        `SELECT round(earth_distance(ll_to_earth(40.0, -75.0), ll_to_earth(40.1, -75.0))) AS meters,
                earth_box(ll_to_earth(40.0, -75.0), 1000) @> ll_to_earth(40.001, -75.0) AS inside,
                similarity('wooden chair', 'wood chair') > 0.3 AS similar`,
      );
      expect(Number(row.meters)).toBe(11132);
      expect(row.inside).toBe(true);
      expect(row.similar).toBe(true);
    });
  });
}
