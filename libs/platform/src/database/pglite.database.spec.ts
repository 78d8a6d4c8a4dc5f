import { describeDatabaseContract } from './database.contract';
import { SharedPglite } from './shared-pglite';

describeDatabaseContract('PGlite (embedded)', async () => {
  const shared = await SharedPglite.open();
  return { target: { kind: 'pglite', shared }, teardown: () => shared.close() };
});
