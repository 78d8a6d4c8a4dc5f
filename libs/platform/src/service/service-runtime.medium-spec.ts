import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { loadConfig } from '../config/load-config';
import { connectionsLeft, createTestDatabase, TestDatabase, testDatabaseExists } from '../database/test-database';
import { createEmbeddedInfrastructure } from './embedded.infrastructure';
import { startService } from './service-runtime';

@Injectable()
class BrokenOnStart implements OnModuleInit {
  onModuleInit(): void {
    throw new Error('this service cannot start');
  }
}

@Module({ providers: [BrokenOnStart] })
class BrokenModule {}

describe(startService.name, () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('closes the connections it opened when the service fails to start, and lets the failure through', async () => {
    const infrastructure = await createEmbeddedInfrastructure(loadConfig({}, { DATA_DIR: '/nonexistent' }), { databaseUrl: db.url });
    try {
      await expect(startService({ name: 'rewards', entities: [], migrations: [], module: () => ({ module: BrokenModule }) }, infrastructure)).rejects.toThrow(
        'this service cannot start',
      );
    } finally {
      await infrastructure.close();
    }
    expect(await connectionsLeft({ database: db.name })).toBe(0);
    // The database itself stays: it is the caller's (and the helper that says so sees it).
    expect(await testDatabaseExists(db.name)).toBe(true);
  });
});
