import { createECDH } from 'node:crypto';
import { loadConfig } from './load-config';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-of-some-length' };

/**
 * A fresh P-256 pair as `npx web-push generate-vapid-keys` writes it: the private key always 32 bytes. Node gives the
 * key's number without its leading zero bytes (31 bytes or fewer once in 256 keys), and web-push pads it.
 */
function vapidPair(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url'),
  };
}

describe('loadConfig', () => {
  it('refuses production without a secure session cookie, unless plain HTTP is asked for by name', () => {
    expect(() => loadConfig({ ...production })).toThrow(/COOKIE_SECURE must be true in production/);
    expect(loadConfig({ ...production, COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ ...production, ALLOW_INSECURE_COOKIE: 'true' }).COOKIE_SECURE).toBe(false);
  });

  it('takes a NATS user and password together, or neither', () => {
    expect(loadConfig({ NATS_USER: 'curbside', NATS_PASSWORD: 'secret' })).toMatchObject({ NATS_USER: 'curbside', NATS_PASSWORD: 'secret' });
    expect(loadConfig({}).NATS_USER).toBeUndefined();
    expect(() => loadConfig({ NATS_USER: 'curbside' })).toThrow('set both NATS_USER and NATS_PASSWORD, or neither');
    expect(() => loadConfig({ NATS_PASSWORD: 'secret' })).toThrow('set both NATS_USER and NATS_PASSWORD, or neither');
  });

  it('refuses the built-in session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'true' })).toThrow(/SESSION_SECRET must be set in production/);
  });

  it('trusts only loopback proxies unless told otherwise', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });

  it('sends e-mails by SMTP when SMTP_URL is set and writes them to the log otherwise, and refuses a choice that contradicts it', () => {
    expect(loadConfig({}).MAIL_TRANSPORT).toBe('log');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' }).MAIL_TRANSPORT).toBe('smtp');
    expect(loadConfig({ MAIL_TRANSPORT: 'log' }).MAIL_TRANSPORT).toBe('log');
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'log', SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(/SMTP_URL is set but MAIL_TRANSPORT=log/);
  });

  it('takes Web Push keys from config only as one valid P-256 pair, and says which half is wrong', () => {
    const pair = vapidPair();
    expect(loadConfig(pair).VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither/);
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'CHANGE-ME' })).toThrow(/VAPID_PUBLIC_KEY must be a P-256 public key/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY must be a P-256 private key/);
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: vapidPair().VAPID_PRIVATE_KEY })).toThrow(/not one key pair/);
  });
});
