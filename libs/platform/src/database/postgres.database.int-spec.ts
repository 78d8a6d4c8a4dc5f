import { describeDatabaseContract } from './database.contract';
import { createTestDatabase } from './test-database';

describeDatabaseContract('PostgreSQL', async () => {
  const db = await createTestDatabase();
  return { target: { url: db.url, poolSize: 4 }, teardown: () => db.drop() };
});
