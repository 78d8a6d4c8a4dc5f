import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { AppConfig, LiveChannel } from '@curbside/platform';
import { GatewayAdmission } from '../http/admission';
import { ServiceClient } from '../http/service-client';
import { LiveHub } from './live-hub';

/** A response that keeps what the stream wrote, as a socket would take it. */
function response(): ServerResponse & { text: () => string } {
  const body = new PassThrough();
  let text = '';
  body.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return Object.assign(body, {
    statusCode: 0,
    setHeader: () => undefined,
    flushHeaders: () => undefined,
    text: () => text,
  }) as unknown as ServerResponse & { text: () => string };
}

describe(LiveHub.name, () => {
  const config = { LIVE_HEARTBEAT_MS: 60_000, GATEWAY_MAX_IN_FLIGHT: 1, GATEWAY_MAX_WAIT_MS: 100 } as AppConfig;
  const asked: unknown[] = [];
  const services = {
    call: async (_contract: unknown, body: unknown) => {
      asked.push(body);
      return { users: [{ userId: 'u1', count: 3, notifications: [] }] };
    },
  } as unknown as ServiceClient;
  const live = {} as LiveChannel;

  beforeEach(() => (asked.length = 0));

  it('catches a new stream up through a place at the gate, given back once answered', async () => {
    const admission = new GatewayAdmission(config);
    const hub = new LiveHub(live, config, services, admission);
    const tab = response();
    await hub.open('u1', 'token', tab, '41');
    expect(asked).toEqual([{ users: [{ userId: 'u1', afterSeq: '41' }] }]);
    expect(tab.text()).toContain('event: count\ndata: {"count":3}');
    expect(admission.gate.running).toBe(0);
    hub.onModuleDestroy();
  });

  it('opens the stream without asking the services while the gate is full', async () => {
    const admission = new GatewayAdmission(config);
    const held = admission.gate.tryEnter();
    const hub = new LiveHub(live, config, services, admission);
    const tab = response();
    await hub.open('u1', 'token', tab, undefined);
    expect(asked).toEqual([]);
    expect(hub.size).toBe(1);
    expect(tab.text()).toContain('retry:');
    held?.release();
    hub.onModuleDestroy();
  });
});
