import { defineCall } from '@curbside/contracts';
import { z } from 'zod';
import { InMemoryRpcBroker, InMemoryRpcClient } from './in-memory.rpc';
import { RpcCaller } from './rpc-caller';

const internal = defineCall({ subject: 'test.internal', request: z.object({}), reply: z.object({ ok: z.boolean() }), errors: [], callers: ['emergency'] });
const routed = defineCall({ subject: 'test.routed', request: z.object({}), reply: z.object({ ok: z.boolean() }), errors: [] });

describe('a caller makes only the calls that name its app', () => {
  const broker = new InMemoryRpcBroker();
  const received: string[] = [];
  for (const contract of [internal, routed]) {
    broker.register(contract.subject, (_data, respond) => {
      received.push(contract.subject);
      respond({ response: { ok: true }, isDisposed: true });
    });
  }
  const as = (app: ConstructorParameters<typeof RpcCaller>[2]) => new RpcCaller(new InMemoryRpcClient(broker), 5_000, app);

  it('an internal call: its service, and not the gateway, whose call never leaves', async () => {
    await expect(as('emergency').call(internal, {})).resolves.toEqual({ ok: true });
    await expect(as('gateway').call(internal, {})).rejects.toThrow('gateway may not call test.internal: its contract names emergency');
    expect(received).toEqual(['test.internal']);
  });

  it('a call with no callers named: the gateway alone', async () => {
    await expect(as('gateway').call(routed, {})).resolves.toEqual({ ok: true });
    await expect(as('items').call(routed, {})).rejects.toThrow('items may not call test.routed');
  });
});
