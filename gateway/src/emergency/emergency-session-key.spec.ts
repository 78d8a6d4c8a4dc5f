import { createHash } from 'node:crypto';
import { emergencySessionKey } from './emergency-session-key';

describe(emergencySessionKey.name, () => {
  it('is a stable hash of the token, neither the token nor the users service’s hash of it, and another for another session', () => {
    const token = 'opaque-session-token-1';
    const key = emergencySessionKey(token);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(emergencySessionKey(token)).toBe(key);
    expect(key).not.toContain(token);
    expect(key).not.toBe(createHash('sha256').update(token).digest('hex'));
    expect(emergencySessionKey('opaque-session-token-2')).not.toBe(key);
  });

  it('is null without a session cookie', () => {
    expect(emergencySessionKey(undefined)).toBeNull();
    expect(emergencySessionKey('')).toBeNull();
    expect(emergencySessionKey(false)).toBeNull();
  });
});
