import { ALL_CALLS, Calls, healthCall } from './calls';
import { SERVICE_NAMES } from './rpc';
import { ERROR_STATUS } from '../errors/error-codes';

describe('call contracts', () => {
  it('give every call its own subject, prefixed by the service that answers it', () => {
    const subjects = ALL_CALLS.map((call) => call.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    const prefixes = new Set(SERVICE_NAMES.map((name) => `${name}.`));
    for (const subject of subjects) expect([...prefixes].some((prefix) => subject.startsWith(prefix))).toBe(true);
    expect(ALL_CALLS.length).toBeGreaterThanOrEqual(49);
  });

  it('list only known error codes', () => {
    for (const call of ALL_CALLS) for (const code of call.errors) expect(ERROR_STATUS[code]).toBeDefined();
  });

  it('describe their bodies and replies: a bad body fails, a good reply parses', () => {
    expect(Calls.items.get.request.safeParse({ itemId: 'not-an-id' }).success).toBe(false);
    expect(Calls.notifications.count.reply.safeParse({ count: 3 }).success).toBe(true);
    expect(healthCall('items').subject).toBe('items.health');
  });
});
