import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { User, VerifyCodeResponse } from '@curbside/contracts';
import { ApiClient } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, lastSmsCode, smsSentTo, STACK_MODES, waitOutSendInterval } from './stack-modes';

/** A fresh North American number per test, typed the way people type them. */
function newPhone(): { typed: string; e164: string } {
  const digits = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, e164: `+1${digits}` };
}

describe.each(STACK_MODES)('identity and access, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;

  const sql = (query: string, params: unknown[] = []) => dataSourceOf(stack, 'users').query(query, params);
  /** Moves a phone's codes back in time, as if the caller had waited. */
  const codeRows = async () => Number((await sql('SELECT count(*)::int AS n FROM users.phone_codes'))[0].n);

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({ RATE_LIMIT_AUTH_PER_15_MINUTES: '1000' }));
    api = new ApiClient(stack.url);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  describe('phone sign-in', () => {
    it('creates an account for a new phone once it has a first name, and signs it in', async () => {
      const phone = newPhone();
      const browser = api.anotherBrowser();
      const sent = await browser.post<{ success: boolean; message: string }>('/api/auth/send-code', { phoneNumber: phone.typed });
      expect(sent).toMatchObject({ status: 201, body: { success: true, message: 'Check your phone for the verification code' } });
      const code = lastSmsCode(stack, phone.e164);
      expect(JSON.stringify(sent.body)).not.toContain(code);

      const noName = await browser.post<VerifyCodeResponse>('/api/auth/verify-code', { phoneNumber: phone.typed, code });
      expect(noName.body).toMatchObject({ success: false, isNewUser: true, needsName: true, user: null });
      expect(noName.headers.getSetCookie()).toEqual([]);

      const created = await browser.post<VerifyCodeResponse>('/api/auth/verify-code', { phoneNumber: phone.typed, code, firstName: 'Rosa' });
      expect(created.body).toMatchObject({
        success: true,
        isNewUser: true,
        message: 'Account Created!',
        user: { firstName: 'Rosa', verifiedPhone: phone.e164 },
      });
      const me = await browser.get<User>(`/api/users/${created.body.user!.id}`);
      expect(me.body).toMatchObject({ id: created.body.user!.id, firstName: 'Rosa', verifiedPhone: phone.e164 });
      // Used once: the same code cannot sign in again.
      expect((await api.anotherBrowser().post('/api/auth/verify-code', { phoneNumber: phone.typed, code })).status).toBe(400);
    });

    it('signs an existing phone into its account without touching the anonymous one, and gives the same answer to send-code', async () => {
      const phone = newPhone();
      const first = api.anotherBrowser();
      await first.post('/api/auth/send-code', { phoneNumber: phone.typed });
      const account = await first.post<VerifyCodeResponse>('/api/auth/verify-code', {
        phoneNumber: phone.typed,
        code: lastSmsCode(stack, phone.e164),
        firstName: 'Ada',
      });

      const second = api.anotherBrowser();
      const anonymous = await second.post<User>('/api/users', {});
      await waitOutSendInterval(stack, phone.e164);
      const unknownNumberAnswer = await second.post('/api/auth/send-code', { phoneNumber: newPhone().typed });
      const knownNumberAnswer = await second.post('/api/auth/send-code', { phoneNumber: phone.typed });
      expect(knownNumberAnswer.body).toEqual(unknownNumberAnswer.body);

      const signIn = await second.post<VerifyCodeResponse>('/api/auth/verify-code', { phoneNumber: phone.typed, code: lastSmsCode(stack, phone.e164) });
      expect(signIn.body).toMatchObject({ success: true, isNewUser: false, message: 'Login Successful!', user: { id: account.body.user!.id } });
      // The browser now acts as the phone's account; the anonymous account still exists, untouched.
      expect((await second.get<User>(`/api/users/${account.body.user!.id}`)).body).toHaveProperty('firstName', 'Ada');
      expect((await second.get<User>(`/api/users/${anonymous.body.id}`)).body).not.toHaveProperty('firstName');
    });

    it('keeps only an HMAC of the code: the code appears in no response and in no column', async () => {
      const phone = newPhone();
      await api.post('/api/auth/send-code', { phoneNumber: phone.typed });
      const code = lastSmsCode(stack, phone.e164);
      const rows: Record<string, unknown>[] = await sql('SELECT * FROM users.phone_codes WHERE phone = $1', [phone.e164]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('kills a code after 5 wrong tries', async () => {
      const phone = newPhone();
      await api.post('/api/auth/send-code', { phoneNumber: phone.typed });
      const code = lastSmsCode(stack, phone.e164);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers: string[] = [];
      for (let i = 0; i < 5; i++)
        answers.push((await api.post<{ message: string }>('/api/auth/verify-code', { phoneNumber: phone.typed, code: wrong, firstName: 'X' })).body.message);
      expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
      expect(answers[4]).toBe('Invalid verification code. Too many tries: please request a new code.');
      const right = await api.post<{ message: string }>('/api/auth/verify-code', { phoneNumber: phone.typed, code, firstName: 'X' });
      expect(right).toMatchObject({ status: 400, body: { message: 'Invalid verification code' } });
    });

    it("weighs only the asking browser's tries: a stranger's five guesses neither use up nor end the owner's code", async () => {
      const phone = newPhone();
      const owner = api.anotherBrowser();
      // A browser that never had a session gets its device cookie with the code it asks for.
      const sent = await owner.post('/api/auth/send-code', { phoneNumber: phone.typed });
      expect(sent.headers.get('set-cookie')).toMatch(/^curbside_device=/);
      const code = lastSmsCode(stack, phone.e164);
      const stranger = api.anotherBrowser();
      for (let i = 0; i < 5; i++) {
        const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
        expect(await stranger.post('/api/auth/verify-code', { phoneNumber: phone.typed, code: guess, firstName: 'Mallory' })).toMatchObject({
          status: 400,
          body: { message: 'Invalid verification code' },
        });
      }
      // Even the right code is worth nothing in a browser that did not ask for it.
      expect(await stranger.post('/api/auth/verify-code', { phoneNumber: phone.typed, code, firstName: 'Mallory' })).toMatchObject({ status: 400 });
      expect(await sql('SELECT attempts FROM users.phone_codes WHERE phone = $1', [phone.e164])).toEqual([{ attempts: 0 }]);
      const signIn = await owner.post<VerifyCodeResponse>('/api/auth/verify-code', { phoneNumber: phone.typed, code, firstName: 'Rosa' });
      expect(signIn).toMatchObject({ status: 201, body: { success: true, message: 'Account Created!' } });
    });

    it('refuses an expired code', async () => {
      const phone = newPhone();
      await api.post('/api/auth/send-code', { phoneNumber: phone.typed });
      await sql(`UPDATE users.phone_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [phone.e164]);
      const response = await api.post('/api/auth/verify-code', { phoneNumber: phone.typed, code: lastSmsCode(stack, phone.e164), firstName: 'Late' });
      expect(response).toMatchObject({ status: 400, body: { message: 'This code has expired. Please request a new one.' } });
    });

    it('signs the other devices out at once and keeps this one, and says how many it ended', async () => {
      const phone = newPhone();
      const signInOn = async () => {
        const browser = api.anotherBrowser();
        await waitOutSendInterval(stack, phone.e164);
        await browser.post('/api/auth/send-code', { phoneNumber: phone.typed });
        const signedIn = await browser.post<VerifyCodeResponse>('/api/auth/verify-code', {
          phoneNumber: phone.typed,
          code: lastSmsCode(stack, phone.e164),
          firstName: 'Ada',
        });
        return { browser, id: signedIn.body.user!.id };
      };
      const [phoneApp, laptop, library] = [await signInOn(), await signInOn(), await signInOn()];
      const someoneElse = api.anotherBrowser();
      const other = (await someoneElse.post<User>('/api/users', {})).body;
      const adminStatus = (client: ApiClient, id: string) => client.get(`/api/users/${id}/admin-status`);
      for (const device of [laptop, library]) expect((await adminStatus(device.browser, device.id)).status).toBe(200);

      const ended = await phoneApp.browser.post('/api/auth/logout-others');
      expect(ended).toMatchObject({ status: 201, body: { ended: 2, message: 'Signed out of 2 other devices' } });
      for (const device of [laptop, library]) expect((await adminStatus(device.browser, device.id)).status).toBe(401);
      expect((await adminStatus(phoneApp.browser, phoneApp.id)).status).toBe(200);
      expect((await adminStatus(someoneElse, other.id)).status).toBe(200);

      expect((await phoneApp.browser.post('/api/auth/logout-others')).body).toEqual({ ended: 0, message: 'No other device was signed in' });
      const fourth = await signInOn();
      expect((await fourth.browser.post('/api/auth/logout-others')).body).toEqual({ ended: 1, message: 'Signed out of 1 other device' });
      expect((await adminStatus(phoneApp.browser, phoneApp.id)).status).toBe(401);
      expect((await api.anotherBrowser().post('/api/auth/logout-others')).status).toBe(401);
    });

    it('limits sends per phone: one every 30 s, five an hour (429 with a clear message)', async () => {
      const phone = newPhone();
      expect((await api.post('/api/auth/send-code', { phoneNumber: phone.typed })).status).toBe(201);
      expect(await api.post('/api/auth/send-code', { phoneNumber: phone.typed })).toMatchObject({
        status: 429,
        body: { message: 'Please wait 30 seconds before asking for another code.' },
      });
      for (let i = 0; i < 4; i++) {
        await waitOutSendInterval(stack, phone.e164);
        expect((await api.post('/api/auth/send-code', { phoneNumber: phone.typed })).status).toBe(201);
      }
      await waitOutSendInterval(stack, phone.e164);
      expect(await api.post('/api/auth/send-code', { phoneNumber: phone.typed })).toMatchObject({
        status: 429,
        body: { message: 'Too many codes were requested for this number. Please try again in an hour.' },
      });
    });

    it("does not let a stranger's requests lock the owner out or cancel the owner's code", async () => {
      const phone = newPhone();
      // A browser on its own network, keeping the device cookie its first code came with (the code is that device's).
      const from = (address: string) => {
        let device: string | undefined;
        return async (body: unknown, path = '/api/auth/send-code') => {
          const response = await fetch(`${stack.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(device ? { cookie: device } : {}) },
            body: JSON.stringify(body),
          });
          device ??= response.headers.get('set-cookie')?.split(';')[0];
          return response;
        };
      };
      const owner = from('198.51.100.7');
      const stranger = from('203.0.113.5');
      expect((await owner({ phoneNumber: phone.typed })).status).toBe(201);
      const ownersCode = lastSmsCode(stack, phone.e164);
      const [{ requester: ownersKey }] = await sql('SELECT requester FROM users.phone_codes WHERE phone = $1', [phone.e164]);
      // The stranger uses up their own quota for the number: five codes (30 s apart), then 429.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        await sql(`UPDATE users.phone_codes SET created_at = created_at - interval '31 seconds' WHERE phone = $1 AND requester <> $2`, [phone.e164, ownersKey]);
        statuses.push((await stranger({ phoneNumber: phone.typed })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      // The owner's code still signs in, and the owner may still ask for codes.
      const signIn = await owner({ phoneNumber: phone.typed, code: ownersCode, firstName: 'Owner' }, '/api/auth/verify-code');
      expect(signIn.status).toBe(201);
      await waitOutSendInterval(stack, phone.e164);
      expect((await owner({ phoneNumber: phone.typed })).status).toBe(201);
    });

    it('counts every address of one IPv6 /64 as one requester: a fresh address per request gets no more codes', async () => {
      const phone = newPhone();
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        await sql(`UPDATE users.phone_codes SET created_at = created_at - interval '31 seconds' WHERE phone = $1`, [phone.e164]);
        const response = await fetch(`${stack.url}/api/auth/send-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:aa:bb::${i.toString(16)}` },
          body: JSON.stringify({ phoneNumber: phone.typed }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });

    it("does not let strangers spend the number's hourly ceiling with verification codes that are never texted to it", async () => {
      const phone = newPhone();
      const owner = api.anotherBrowser();
      expect((await owner.post('/api/auth/send-code', { phoneNumber: phone.typed })).status).toBe(201);
      const signedIn = await owner.post('/api/auth/verify-code', { phoneNumber: phone.typed, code: lastSmsCode(stack, phone.e164), firstName: 'Owner' });
      expect(signedIn.status).toBe(201);
      const texts = smsSentTo(stack, phone.e164).length;

      // Strangers at four addresses ask for verification codes for the owner's number: nineteen, none texted, which
      // with the owner's own code make the twenty a number may be sent in an hour.
      const stranger = api.anotherBrowser();
      await stranger.post('/api/users', {});
      for (let i = 0; i < 19; i++) {
        await sql(`UPDATE users.phone_codes SET created_at = created_at - interval '31 seconds' WHERE phone = $1`, [phone.e164]);
        const from = stranger.withHeaders({ 'x-forwarded-for': `203.0.113.${10 + (i % 4)}` });
        const response = await from.post('/api/phone/send-code', { phone: phone.typed, name: 'Mallory Stranger' });
        expect(response).toMatchObject({ status: 201, body: { message: 'Check your phone for the verification code' } });
      }
      expect(smsSentTo(stack, phone.e164)).toHaveLength(texts);
      // The next stranger's request meets the ceiling, as it would for a number that was texted twenty times.
      const fifth = await stranger
        .withHeaders({ 'x-forwarded-for': '203.0.113.99' })
        .post('/api/phone/send-code', { phone: phone.typed, name: 'Mallory Stranger' });
      expect(fifth.status).toBe(429);
      // The owner can still sign in.
      expect((await owner.post('/api/auth/send-code', { phoneNumber: phone.typed })).status).toBe(201);
      expect(smsSentTo(stack, phone.e164)).toHaveLength(texts + 1);
    });

    it.each([
      ['a 5-digit phone', { phoneNumber: '12345' }, '/api/auth/send-code', 'Please enter a valid 10-digit phone number'],
      ['a missing phone', {}, '/api/auth/send-code', 'Please enter a valid 10-digit phone number'],
      ['letters for a phone', { phoneNumber: 'call me maybe' }, '/api/auth/send-code', 'Please enter a valid 10-digit phone number'],
      ['an impossible number', { phoneNumber: '+0000000000' }, '/api/auth/send-code', 'Please enter a valid 10-digit phone number'],
      ['a country code that does not exist', { phoneNumber: '+9991234567890' }, '/api/auth/send-code', 'Please enter a valid 10-digit phone number'],
      ['a number of a country not served', { phoneNumber: '+44 20 7946 0958' }, '/api/auth/send-code', 'Phone numbers from this country are not supported yet'],
      ['a 5-digit code', { phoneNumber: '5551234567', code: '12345' }, '/api/auth/verify-code', 'Please enter the 6-digit verification code'],
      ['a 7-digit code', { phoneNumber: '5551234567', code: '1234567' }, '/api/auth/verify-code', 'Please enter the 6-digit verification code'],
      ['a blank first name', { phoneNumber: '5551234567', code: '123456', firstName: ' ' }, '/api/auth/verify-code', 'Please enter your first name'],
    ])('refuses %s with the spec message and writes nothing', async (_name, body, path, message) => {
      const before = await codeRows();
      expect(await api.post(path, body)).toMatchObject({ status: 400, body: { message } });
      expect(await codeRows()).toBe(before);
    });
  });

  describe('verification, scout mode, preferences, plans', () => {
    it('verifies an account with name and phone code; only then may it become a Scout', async () => {
      const browser = api.anotherBrowser();
      const user = (await browser.post<User>('/api/users', {})).body;
      expect((await browser.get(`/api/verification/status/${user.id}`)).body).toEqual({ status: 'none', submittedAt: null });
      expect(await browser.request('PATCH', `/api/users/${user.id}/scout-mode`, { scoutMode: true })).toMatchObject({
        status: 403,
        body: { message: 'Only verified users can become Scouts. Please verify your account first.' },
      });

      const phone = newPhone();
      expect((await browser.post('/api/phone/send-code', { phone: phone.typed, name: 'Grace Hopper' })).status).toBe(201);
      expect((await browser.get<{ status: string }>(`/api/verification/status/${user.id}`)).body.status).toBe('pending');
      const wrong = await browser.post('/api/phone/verify-code', {
        phone: phone.typed,
        code: lastSmsCode(stack, phone.e164) === '999999' ? '888888' : '999999',
      });
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Invalid verification code' } });
      const ok = await browser.post('/api/phone/verify-code', { phone: phone.typed, code: lastSmsCode(stack, phone.e164) });
      expect(ok).toMatchObject({ status: 201, body: { success: true } });

      expect((await browser.get<{ status: string }>(`/api/verification/status/${user.id}`)).body.status).toBe('verified');
      expect((await browser.get<User>(`/api/users/${user.id}`)).body).toMatchObject({
        isVerified: true,
        verifiedName: 'Grace Hopper',
        verifiedPhone: phone.e164,
      });
      expect((await browser.request('PATCH', `/api/users/${user.id}/scout-mode`, {})).body).toEqual({ scoutMode: true });
      expect((await browser.request('PATCH', `/api/users/${user.id}/scout-mode`, {})).body).toEqual({ scoutMode: false });
    });

    it('answers a verification with a phone that belongs to another account like any other, and sends it nothing', async () => {
      const phone = newPhone();
      const owner = api.anotherBrowser();
      await owner.post('/api/auth/send-code', { phoneNumber: phone.typed });
      await owner.post('/api/auth/verify-code', { phoneNumber: phone.typed, code: lastSmsCode(stack, phone.e164), firstName: 'Owner' });
      const other = api.anotherBrowser();
      await other.post('/api/users', {});
      await waitOutSendInterval(stack, phone.e164);
      const ownersCode = lastSmsCode(stack, phone.e164);
      const free = newPhone();
      const fresh = api.anotherBrowser();
      await fresh.post('/api/users', {});
      const forFree = await fresh.post('/api/phone/send-code', { phone: free.typed, name: 'Somebody Else' });
      const forTaken = await other.post('/api/phone/send-code', { phone: phone.typed, name: 'Somebody Else' });
      expect({ status: forTaken.status, body: forTaken.body }).toEqual({ status: forFree.status, body: forFree.body });
      expect(forTaken.status).toBe(201);
      // Nothing reached the owner's phone, so the stranger has no code to finish with.
      expect(lastSmsCode(stack, phone.e164)).toBe(ownersCode);
      expect(await other.post('/api/phone/verify-code', { phone: phone.typed, code: ownersCode })).toMatchObject({ status: 400 });
    });

    it('saves notification preferences within the rules and refuses the rest without writing', async () => {
      const browser = api.anotherBrowser();
      const user = (await browser.post<User>('/api/users', {})).body;
      const path = `/api/users/${user.id}/notification-preferences`;
      const version = async () => Number((await sql('SELECT version FROM users.users WHERE id = $1', [user.id]))[0].version);
      const before = await version();
      for (const radius of [0.3, 11, 2.25, 'far']) {
        expect(await browser.request('PATCH', path, { notificationRadius: radius })).toMatchObject({
          status: 400,
          body: { message: 'Notification radius must be between 0.5 and 10 miles, in steps of 0.5' },
        });
      }
      expect(await browser.request('PATCH', path, { enableGarageSaleAlerts: true })).toMatchObject({
        status: 403,
        body: { message: 'Garage sale alerts are available on the Premium and Pro plans' },
      });
      expect(await version()).toBe(before);

      const saved = await browser.request('PATCH', path, { notificationRadius: '2.5', enableVotingAlerts: true, enableNewItemAlerts: false });
      expect(saved).toMatchObject({
        status: 200,
        body: { notificationRadius: '2.5', enableVotingAlerts: true, enableNewItemAlerts: false, enablePushNotifications: true },
      });

      expect(await browser.request('PATCH', `/api/users/${user.id}/subscription`, { tier: 'gold' })).toMatchObject({ status: 400 });
      expect((await browser.request<User>('PATCH', `/api/users/${user.id}/subscription`, { tier: 'premium' })).body.subscriptionTier).toBe('premium');
      expect((await browser.request('PATCH', path, { enableGarageSaleAlerts: true })).body).toMatchObject({ enableGarageSaleAlerts: true });
      // Back to free: the premium-only alert goes off with it.
      expect((await browser.request<User>('PATCH', `/api/users/${user.id}/subscription`, { tier: 'free' })).body).toMatchObject({
        subscriptionTier: 'free',
        enableGarageSaleAlerts: false,
      });
    });

    it('takes a profile picture: an image of at most 2 MB, re-encoded, served from our origin', async () => {
      const browser = api.anotherBrowser();
      const user = (await browser.post<User>('/api/users', {})).body;
      const path = `/api/users/${user.id}/profile-picture`;
      const picture = () => sql('SELECT profile_picture FROM users.users WHERE id = $1', [user.id]).then((r) => r[0].profile_picture);

      const noise = await sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(3 * 1024 * 1024 * 0.9);
      expect(await browser.postFile(path, 'profilePicture', { name: 'big.png', type: 'image/png', bytes: noise })).toMatchObject({
        status: 413,
        body: { message: 'Please select an image smaller than 2MB.' },
      });
      expect(await browser.postFile(path, 'profilePicture', { name: 'me.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image at all') })).toMatchObject({
        status: 400,
        body: { message: 'Please select an image file.' },
      });
      expect(await picture()).toBeNull();

      const stranger = api.anotherBrowser();
      await stranger.post('/api/users', {});
      const face = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0ffee' } })
        .jpeg()
        .toBuffer();
      expect(await stranger.postFile(path, 'profilePicture', { name: 'x.jpg', type: 'image/jpeg', bytes: face })).toMatchObject({ status: 403 });

      const saved = await browser.postFile<{ profilePicture: string }>(path, 'profilePicture', { name: 'me.jpg', type: 'image/jpeg', bytes: face });
      expect(saved.status).toBe(200);
      expect(saved.body.profilePicture).toMatch(/^\/api\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
      expect(await picture()).toBe(saved.body.profilePicture);
      const served = await fetch(`${stack.url}${saved.body.profilePicture}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

      // A new picture replaces it: the old one and its thumbnail are deleted, not kept for nobody.
      const again = await browser.postFile<{ profilePicture: string }>(path, 'profilePicture', { name: 'me2.jpg', type: 'image/jpeg', bytes: face });
      expect(again).toMatchObject({ status: 200, body: { profilePicture: expect.not.stringMatching(saved.body.profilePicture) } });
      expect(Object.keys(again.body)).toEqual(['profilePicture']);
      expect((await fetch(`${stack.url}${again.body.profilePicture}`)).status).toBe(200);
      for (const old of [saved.body.profilePicture, saved.body.profilePicture.replace(/\.webp$/, '-thumb.webp')])
        expect((await fetch(`${stack.url}${old}`)).status).toBe(404);
    });

    it('ends the session on logout', async () => {
      const browser = api.anotherBrowser();
      const user = (await browser.post<User>('/api/users', {})).body;
      expect((await browser.get(`/api/users/${user.id}/admin-status`)).body).toEqual({ isAdmin: false, isModerator: false });
      expect((await browser.post('/api/auth/logout')).status).toBe(201);
      expect(await browser.get(`/api/users/${user.id}/admin-status`)).toMatchObject({ status: 401 });
      const [{ revoked }] = await sql('SELECT count(*)::int AS revoked FROM users.sessions WHERE user_id = $1 AND revoked_at IS NOT NULL', [user.id]);
      expect(revoked).toBe(1);
    });

    it('refuses a signed-out session at once, even its cookie kept by another tab that the gateway had just seen', async () => {
      const browser = api.anotherBrowser();
      const user = (await browser.post<User>('/api/users', {})).body;
      const otherTab = browser.clone();
      expect((await otherTab.get(`/api/users/${user.id}/admin-status`)).status).toBe(200);
      expect((await browser.post('/api/auth/logout')).status).toBe(201);
      expect(await otherTab.get(`/api/users/${user.id}/admin-status`)).toMatchObject({ status: 401 });
    });
  });
});
