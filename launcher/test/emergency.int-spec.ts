import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AuthError, EmergencyAccessResponse, EmergencyError, EmergencyLogEntry, EmergencyMessages, ErrorCode, Item, User } from '@curbside/contracts';
import { hashPassword } from '@curbside/platform';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, lastSmsCode, OPERATOR_COMMAND_TEST_MS, postOlderThanAnHour, STACK_MODES } from './stack-modes';

const ROOT = resolve(__dirname, '..', '..');
const AUDIT_VERIFY = join(ROOT, 'services', 'emergency', 'dist', 'audit-verify.js');
const ADMIN_GRANT = join(ROOT, 'services', 'users', 'dist', 'admin-grant.js');
const EMBEDDED = join(ROOT, 'launcher', 'dist', 'embedded.js');
const run = promisify(execFile);

const PASSWORD = 'lantern-harbour-7781';
const HERE = { lat: 45.5017, lng: -73.5673 };
const TARGET_PHONE = '+15145550123';
const TARGET_CONTACT = { name: 'Robin Ortega', phone: '+15145550177' };

type Attempt = Record<string, unknown>;

describe.each(STACK_MODES)('emergency access, $name', (mode) => {
  let stack: RunningStack;
  let dispose: () => Promise<void>;
  let api: ApiClient;
  let admin: ApiClient;
  let adminId: string;
  let other: ApiClient;
  let otherId: string;
  let target: User;

  const auditCount = async () => Number((await dataSourceOf(stack, 'emergency').query('SELECT count(*)::int AS n FROM emergency.audit_log'))[0].n);
  const lastEntry = async () => (await dataSourceOf(stack, 'emergency').query('SELECT * FROM emergency.audit_log ORDER BY seq DESC LIMIT 1'))[0];
  let unelevated: ApiClient;
  let unelevatedId: string;

  const attempt = (browser: ApiClient, body: Attempt) => browser.clone().post<Record<string, unknown>>('/api/emergency/access', body);
  const unlock = (browser: ApiClient, adminPassword: unknown = PASSWORD) =>
    browser.clone().post<Record<string, unknown>>('/api/emergency/unlock', { adminPassword });
  const good = (): Attempt => ({ adminUserId: adminId, targetUserId: target.id, searchType: 'id', reason: 'Missing person report' });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const newAdmin = async () => {
    const browser = api.anotherBrowser();
    const id = (await browser.post<User>('/api/users', {})).body.id;
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [id]);
    return { browser, id };
  };

  beforeAll(async () => {
    ({ stack, dispose } = await mode.start({
      EMERGENCY_PASSWORD_HASH: await hashPassword(PASSWORD),
      RATE_LIMIT_AUTH_PER_15_MINUTES: '1000',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    }));
    api = new ApiClient(stack.url);
    admin = api.anotherBrowser();
    other = api.anotherBrowser();
    adminId = (await admin.post<User>('/api/users', {})).body.id;
    otherId = (await other.post<User>('/api/users', {})).body.id;
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [adminId]);
    expect((await unlock(admin)).status).toBe(200);
    ({ browser: unelevated, id: unelevatedId } = await newAdmin());
    const targetBrowser = api.anotherBrowser();
    target = (await targetBrowser.post<User>('/api/users', {})).body;
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET phone = $2 WHERE id = $1', [target.id, TARGET_PHONE]);
    // The member's emergency contact from settings, and the position the app last reported for nearby alerts.
    const contact = await targetBrowser.request('PUT', `/api/users/${target.id}/emergency-contact`, {
      emergencyContact: { name: 'Robin Ortega', phone: '(514) 555-0177' },
    });
    expect(contact.body).toEqual({ emergencyContact: TARGET_CONTACT });
    expect((await targetBrowser.request('PUT', `/api/notifications/${target.id}/position`, HERE)).status).toBe(200);
    const item = await targetBrowser.post<Item>('/api/items', { title: 'Blue armchair', category: 'Furniture', location: HERE });
    expect(item.status).toBe(201);
    // A verified neighbour says it is still there an hour after the post, so its points are final (docs/product-rules.md, "Points").
    const neighbour = api.anotherBrowser();
    const neighbourId = (await neighbour.post<User>('/api/users', {})).body.id;
    const phone = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await neighbour.post('/api/phone/send-code', { phone, name: 'Verified Neighbour' });
    await neighbour.post('/api/phone/verify-code', { phone, code: lastSmsCode(stack, `+1${phone}`) });
    await waitFor(
      async () =>
        (await dataSourceOf(stack, 'items').query('SELECT is_verified FROM items.posters WHERE user_id = $1', [neighbourId]))[0]?.is_verified === true,
    );
    await postOlderThanAnHour(stack, item.body.id);
    expect((await neighbour.post(`/api/items/${item.body.id}/still-there`, { stillThere: true })).status).toBe(201);
    // The item's points reach the rewards service before the lookups below read them.
    await waitFor(async () => (await targetBrowser.get<User>(`/api/users/${target.id}`)).body.points > 0, { what: 'the post points' });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await dispose?.();
  });

  const refusals: [string, number, ErrorCode, string, () => ApiClient, () => Attempt][] = [
    ['anonymous', 401, ErrorCode.UNAUTHENTICATED, 'Please sign in first', () => api, () => good()],
    [
      'a non-admin',
      403,
      EmergencyError.NOT_ADMIN,
      'Access Denied: emergency access is for administrators only.',
      () => other,
      () => ({ ...good(), adminUserId: otherId }),
    ],
    ["another admin's id in the body", 403, AuthError.NOT_YOURSELF, 'You can only act as yourself', () => other, () => good()],
    [
      'an empty reason',
      400,
      EmergencyError.MISSING_INFORMATION,
      'Please provide target user ID or phone number and reason',
      () => admin,
      () => ({ ...good(), reason: '   ' }),
    ],
    [
      'no target',
      400,
      EmergencyError.MISSING_INFORMATION,
      'Please provide target user ID or phone number and reason',
      () => admin,
      () => ({ ...good(), targetUserId: '' }),
    ],
    [
      'an unknown target',
      404,
      EmergencyError.TARGET_NOT_FOUND,
      'No user found with that ID or phone number',
      () => admin,
      () => ({ ...good(), targetUserId: '00000000-0000-4000-8000-000000000000' }),
    ],
    [
      'an unknown phone',
      404,
      EmergencyError.TARGET_NOT_FOUND,
      'No user found with that ID or phone number',
      () => admin,
      () => ({ ...good(), searchType: 'phone', targetUserId: '(514) 555-0199' }),
    ],
    [
      'an admin who has not unlocked',
      403,
      EmergencyError.ELEVATION_REQUIRED,
      EmergencyMessages.elevationRequired,
      () => unelevated,
      () => ({ ...good(), adminUserId: unelevatedId }),
    ],
  ];

  it.each(refusals)(
    'refuses %s with %i %s "%s", one audit entry with the target asked for and no user data',
    async (_name, status, code, message, browser, body) => {
      const before = await auditCount();
      const asked = body();
      const response = await attempt(browser(), asked);
      expect({ status: response.status, body: response.body }).toEqual({ status, body: { code, message } });
      expect(await auditCount()).toBe(before + 1);
      // An id asked for stays with the refused entry (the column holds member ids, so a phone asked for does not).
      const kept = asked.searchType === 'id' && UUID.test(String(asked.targetUserId)) ? asked.targetUserId : null;
      expect(await lastEntry()).toMatchObject({ outcome: 'refused', target_user_id: kept });
    },
  );

  it('grants an unlocked admin a lookup with a reason: the user, activity, settings and recent items, one audit entry', async () => {
    const before = await auditCount();
    const byId = await attempt(admin, { ...good(), lawEnforcementCase: 'CASE-2026-114' });
    expect(byId.status).toBe(200);
    const answer = byId.body as unknown as EmergencyAccessResponse;
    expect(answer.user).toMatchObject({ id: target.id, verifiedPhone: TARGET_PHONE });
    expect(answer.activity).toMatchObject({ points: 20, rank: 'Newbie', badges: ['First Post Badge'], scoutMode: false });
    expect(answer.settings).toEqual({ locationRadius: '2', notificationRadius: '2', enableSmsNotifications: false, smsSubscribed: false });
    expect(answer.recentItems).toMatchObject([{ title: 'Blue armchair', status: 'available' }]);
    expect(answer.recentActivity.map((a) => a.activityType).sort()).toEqual(['badge:First Post Badge', 'post_item']);
    expect(answer.unavailable).toEqual([]);
    expect(answer.emergencyContact).toEqual(TARGET_CONTACT);
    expect(answer.lastPosition).toMatchObject(HERE);
    expect(Date.now() - Date.parse(answer.lastPosition?.reportedAt ?? '')).toBeLessThan(5 * 60_000);
    expect(answer.user).not.toHaveProperty('emergencyContact');
    expect(await auditCount()).toBe(before + 1);
    expect(await lastEntry()).toMatchObject({ outcome: 'granted', target_user_id: target.id, law_enforcement_case: 'CASE-2026-114', id: answer.auditEntryId });

    const byPhone = await attempt(admin, { ...good(), searchType: 'phone', targetUserId: '(514) 555-0123' });
    expect(byPhone.status).toBe(200);
    expect((byPhone.body as unknown as EmergencyAccessResponse).user.id).toBe(target.id);
  });

  it('shows the access log to elevated admins only, newest first', async () => {
    const logs = await admin.get<EmergencyLogEntry[]>(`/api/emergency/logs?adminUserId=${adminId}`);
    expect(logs.status).toBe(200);
    expect(logs.body[0]).toMatchObject({ targetUserId: target.id, reason: 'Missing person report', outcome: 'granted' });
    const times = logs.body.map((l) => Date.parse(l.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await other.get(`/api/emergency/logs?adminUserId=${otherId}`)).status).toBe(403);
    expect((await other.get(`/api/emergency/logs?adminUserId=${adminId}`)).status).toBe(403);
    expect((await api.clone().get('/api/emergency/logs')).status).toBe(401);
    const refused = await unelevated.get(`/api/emergency/logs?adminUserId=${unelevatedId}`);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { code: EmergencyError.ELEVATION_REQUIRED, message: EmergencyMessages.elevationRequired },
    });
  });

  it('opens no dashboard on a wrong password: no elevation, no log, no lookup, and an audit entry', async () => {
    const { browser, id } = await newAdmin();
    const before = await auditCount();
    const wrong = await unlock(browser, 'not-the-password');
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 401,
      body: { code: EmergencyError.WRONG_PASSWORD, message: 'Invalid admin password' },
    });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastEntry()).toMatchObject({ admin_user_id: id, outcome: 'refused', detail: 'wrong_password' });
    expect((await browser.get(`/api/emergency/logs`)).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect((await attempt(browser, { ...good(), adminUserId: id })).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect(await lastEntry()).toMatchObject({ admin_user_id: id, outcome: 'refused', detail: 'no_elevation', target_user_id: target.id });

    const opened = await unlock(browser);
    expect(opened.status).toBe(200);
    const minutes = (Date.parse(String(opened.body.expiresAt)) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10.1);
    expect(await lastEntry()).toMatchObject({ admin_user_id: id, outcome: 'granted', detail: 'unlocked', target_user_id: null });
    expect((await browser.get(`/api/emergency/logs`)).status).toBe(200);
  });

  /** An admin signed in with a phone, so that the same member can open a second session in another browser. */
  const phoneAdmin = async () => {
    const e164 = `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const signIn = async () => {
      // One code a number every 30 s: earlier codes are aged in the database so that a second sign-in can follow at once.
      await dataSourceOf(stack, 'users').query(`UPDATE users.phone_codes SET created_at = created_at - interval '1 minute' WHERE phone = $1`, [e164]);
      const browser = api.anotherBrowser();
      expect((await browser.post('/api/auth/send-code', { phoneNumber: e164 })).status).toBeLessThan(300);
      const signedIn = await browser.post<{ user: User }>('/api/auth/verify-code', { phoneNumber: e164, code: lastSmsCode(stack, e164), firstName: 'Ada' });
      expect(signedIn.status).toBeLessThan(300);
      return { browser, id: signedIn.body.user.id };
    };
    const first = await signIn();
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [first.id]);
    return { ...first, signIn };
  };

  it('binds the elevation to the session: another session of the same admin is not elevated, and it runs out after 10 minutes', async () => {
    const { browser, id, signIn } = await phoneAdmin();
    expect((await unlock(browser)).status).toBe(200);
    expect((await attempt(browser, { ...good(), adminUserId: id })).status).toBe(200);
    const second = await signIn();
    expect(second.id).toBe(id);
    expect((await second.browser.get('/api/emergency/logs')).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect((await attempt(second.browser, { ...good(), adminUserId: id })).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });

    // Expiry: the stored elevation is moved back past its 10 minutes in the database.
    await dataSourceOf(stack, 'emergency').query(`UPDATE emergency.elevations SET expires_at = now() - interval '1 second' WHERE admin_user_id = $1`, [id]);
    expect((await browser.get('/api/emergency/logs')).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect((await attempt(browser, { ...good(), adminUserId: id })).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect((await unlock(browser)).status).toBe(200);
    expect((await browser.get('/api/emergency/logs')).status).toBe(200);
  });

  it('ends the elevation when the session signs out: the old cookie is refused, and signing in again starts without one', async () => {
    const { browser, id, signIn } = await phoneAdmin();
    expect((await unlock(browser)).status).toBe(200);
    const sameTab = browser.clone();
    expect((await sameTab.get('/api/emergency/logs')).status).toBe(200);
    expect((await browser.post('/api/auth/logout', {})).status).toBeLessThan(300);
    // The old cookie, replayed, names no session any more: the elevation it carried is gone with it.
    expect((await sameTab.get('/api/emergency/logs')).status).toBe(401);
    expect((await attempt(sameTab, { ...good(), adminUserId: id })).body).toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    const again = await signIn();
    expect((await again.browser.get('/api/emergency/logs')).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
  });

  it('refuses a wrong password at unlock with 401, and after 5 in 15 minutes locks the admin out, even with the right one', async () => {
    const lockedAdmin = api.anotherBrowser();
    const id = (await lockedAdmin.post<User>('/api/users', {})).body.id;
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [id]);
    const body = { ...good(), adminUserId: id };
    for (let i = 0; i < 5; i++) {
      const before = await auditCount();
      const wrong = await unlock(lockedAdmin, `guess-${i}`);
      expect({ status: wrong.status, body: wrong.body }).toEqual({
        status: 401,
        body: { code: EmergencyError.WRONG_PASSWORD, message: 'Invalid admin password' },
      });
      expect(await auditCount()).toBe(before + 1);
    }
    const locked = await unlock(lockedAdmin);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(locked.body.message).toMatch(/^Too many wrong passwords: emergency access is locked for you for 1[45] more minutes\.$/);
    expect(await lastEntry()).toMatchObject({ outcome: 'locked', admin_user_id: id });
    expect(JSON.stringify(locked.body)).not.toContain(target.id);
    expect((await attempt(lockedAdmin, body)).body).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    // The lock is this admin's only.
    expect((await attempt(admin, good())).status).toBe(200);
  });

  it(
    'keeps the audit log append-only in the database, and audit:verify names a row changed behind the trigger',
    async () => {
      const db = dataSourceOf(stack, 'emergency');
      expect((await attempt(admin, good())).status).toBe(200);
      await expect(db.query(`UPDATE emergency.audit_log SET reason = 'x'`)).rejects.toThrow(/append-only/);
      await expect(db.query(`DELETE FROM emergency.audit_log`)).rejects.toThrow(/append-only/);
      await expect(db.query(`TRUNCATE emergency.audit_log`)).rejects.toThrow(/append-only/);

      const url = (db.options as { url: string }).url;
      const env = { ...process.env, RUN_MODE: 'distributed', DATABASE_URL: url, LOG_LEVEL: 'silent' };
      const intact = await run(process.execPath, [AUDIT_VERIFY], { env });
      expect(intact.stdout).toMatch(/Emergency audit log intact: \d+ entr(y|ies), every link verified\./);

      const [victim] = await db.query(`SELECT seq::text AS seq, id FROM emergency.audit_log WHERE outcome = 'granted' ORDER BY audit_log.seq LIMIT 1`);
      await db.query(`ALTER TABLE emergency.audit_log DISABLE TRIGGER audit_log_append_only`);
      await db.query(`UPDATE emergency.audit_log SET reason = 'routine check' WHERE id = $1`, [victim.id]);
      await db.query(`ALTER TABLE emergency.audit_log ENABLE TRIGGER audit_log_append_only`);
      const broken = await run(process.execPath, [AUDIT_VERIFY], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`BROKEN at entry #${victim.seq} (id ${victim.id}`);
      expect(broken.stderr).toContain('its contents do not match its hash');
    },
    OPERATOR_COMMAND_TEST_MS,
  );

  it("keeps the emergency contact its owner's: nobody else reads or sets it, and no view of the member carries it", async () => {
    expect((await other.get(`/api/users/${target.id}/emergency-contact`)).status).toBe(403);
    expect((await other.request('PUT', `/api/users/${target.id}/emergency-contact`, { emergencyContact: null })).status).toBe(403);
    expect(JSON.stringify((await other.get(`/api/users/${target.id}`)).body)).not.toContain('5550177');
    expect(JSON.stringify((await admin.get(`/api/users/${target.id}`)).body)).not.toContain('5550177');
    const refused = await other.request('PUT', `/api/users/${otherId}/emergency-contact`, { emergencyContact: { name: 'Kim', phone: '12' } });
    expect(refused.status).toBe(400);
  });

  it('answers with what it has when a service does not answer, and says which part is missing', async () => {
    // Taken out of the stack's list, so that the stack does not close it a second time.
    for (const name of ['rewards', 'notifications']) {
      const [service] = stack.services.splice(
        stack.services.findIndex((s) => s.name === name),
        1,
      );
      await service.close();
    }
    const response = await attempt(admin, good());
    expect(response.status).toBe(200);
    const answer = response.body as unknown as EmergencyAccessResponse;
    expect(answer.user.id).toBe(target.id);
    expect(answer.activity).toBeNull();
    expect(answer.unavailable).toEqual(['activity', 'recentActivity', 'lastPosition']);
    expect(answer.lastPosition).toBeNull();
    expect(answer.emergencyContact).toEqual(TARGET_CONTACT);
    expect(answer.recentItems).toHaveLength(1);
  }, 30_000);
});

describe('emergency access in the running app: no password or hash in any answer or log line', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'curbside-emergency-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((r) => child?.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs attempts without the password or its hash, and audit:verify checks the running app’s log', async () => {
    const hash = await hashPassword(PASSWORD);
    const output: string[] = [];
    let url: string | undefined;
    child = spawn(process.execPath, [EMBEDDED], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'debug', LOG_FORMAT: 'json', EMERGENCY_PASSWORD_HASH: hash },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      url ??= /Curbside is running on (http:\/\/localhost:\d+)/.exec(text)?.[1];
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const base = await waitFor(() => url, { timeoutMs: 60_000, what: 'the app to start' });
    const api = new ApiClient(base.replace('localhost', '127.0.0.1'));
    const me = (await api.post<User>('/api/users', {})).body;
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    await run(process.execPath, [ADMIN_GRANT, '--user', me.id], { env });

    const answers = [
      await api.post('/api/emergency/unlock', { adminUserId: me.id, adminPassword: 'not-the-password' }),
      await api.post('/api/emergency/unlock', { adminUserId: me.id, adminPassword: PASSWORD }),
      await api.post('/api/emergency/unlock', { adminUserId: me.id, adminPassword: { nested: PASSWORD } }),
      await api.post('/api/emergency/access', { adminUserId: me.id, targetUserId: me.id, reason: 'Welfare check' }),
      await api.get(`/api/emergency/logs?adminUserId=${me.id}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 200, 400, 200, 200]);

    const verified = await run(process.execPath, [AUDIT_VERIFY], { env });
    expect(verified.stdout).toContain('Emergency audit log intact: 3 entries');

    const everything = [...output, ...answers.map((a) => JSON.stringify(a.body))].join('\n');
    const [, , , , salt, key] = hash.split('$');
    for (const secret of [PASSWORD, 'not-the-password', hash, salt, key]) expect(everything).not.toContain(secret);
    expect(everything).toContain('"path":"/api/emergency/unlock"');
    expect(everything).toContain('"path":"/api/emergency/access"');
  }, 90_000);
});
