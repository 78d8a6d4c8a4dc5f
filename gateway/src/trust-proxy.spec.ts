import { trustProxy } from './create-gateway-app';

describe('TRUST_PROXY', () => {
  it('reads booleans, hop counts and address lists as Express takes them', () => {
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });
});
