import { loadConfig } from './load-config';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-some-length' };

describe('loadConfig', () => {
  it('refuses production without a secure session cookie, unless plain HTTP is asked for by name', () => {
    expect(() => loadConfig({ ...production })).toThrow(/COOKIE_SECURE must be true in production/);
    expect(loadConfig({ ...production, COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ ...production, ALLOW_INSECURE_COOKIE: 'true' }).COOKIE_SECURE).toBe(false);
  });

  it('refuses the built-in session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'true' })).toThrow(/SESSION_SECRET must be set in production/);
  });

  it('trusts only loopback proxies unless told otherwise', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });
});
