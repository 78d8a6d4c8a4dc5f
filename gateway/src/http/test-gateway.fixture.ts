import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InMemoryRpcBroker } from '@curbside/platform';
import { InMemoryLiveChannel, InMemoryRpcClient, LocalFolderStorage, loadConfig } from '@curbside/platform';
import { createGatewayApp } from '../create-gateway-app';

export interface TestGateway {
  /** `http://127.0.0.1:<port>` */
  base: string;
  close(): Promise<void>;
}

/**
 * The whole gateway app (createGatewayApp) on a free port for the gateway's own HTTP specs: its service calls go to
 * the broker given (the test answers them), a built SPA of one page, and the settings given on top of the defaults.
 */
export async function startTestGateway(services: InMemoryRpcBroker, env: Record<string, string> = {}): Promise<TestGateway> {
  const frontend = await mkdtemp(join(tmpdir(), 'curbside-gateway-'));
  await writeFile(join(frontend, 'index.html'), '<!doctype html><title>Curbside</title>');
  const config = loadConfig({ FRONTEND_DIST: frontend, LOG_LEVEL: 'silent', ...env });
  const app = await createGatewayApp({
    config,
    rpcClient: new InMemoryRpcClient(services),
    live: new InMemoryLiveChannel(),
    storage: new LocalFolderStorage(frontend),
  });
  await app.listen(0, '127.0.0.1');
  return {
    base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await rm(frontend, { recursive: true, force: true });
    },
  };
}
