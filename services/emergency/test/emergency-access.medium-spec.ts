import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import {
  AuthError,
  CallBody,
  Calls,
  DEFAULT_LOCATION_RADIUS,
  DEFAULT_NOTIFICATION_RADIUS,
  DEFAULT_QUIET_HOURS,
  DomainError,
  EMERGENCY_LOOKUPS_PER_UNLOCK,
  EmergencyError,
  EmergencyMessages,
  ErrorCode,
  Events,
  NOTIFICATION_FLAG_DEFAULTS,
  User,
  UserError,
  userSchema,
} from '@curbside/contracts';
import {
  createEmbeddedInfrastructure,
  createTestDatabase,
  EmbeddedInfrastructure,
  InMemoryRpcClient,
  loadConfig,
  RpcCaller,
  RunningService,
  startService,
  TestDatabase,
} from '@curbside/platform';
import { EmergencyAccessService } from '../src/access/emergency-access.service';
import { verifyChain } from '../src/audit/audit-chain';
import { readAuditLog } from '../src/audit/audit-log';
import { emergencyService } from '../src/emergency.definition';

/**
 * The emergency lookup's rules on a fresh database: the password opens a 10-minute elevation of one session, which
 * lookups and the log need; every unlock and lookup is one entry of the hash-chained audit log (refused ones too, with
 * the target asked for), five wrong passwords in 15 minutes lock the admin out, the database refuses to change the log.
 * The users service is played by a stand-in on the in-process RPC (who is an admin, who has which phone); items and
 * rewards do not answer, so a granted lookup names their parts as unavailable.
 */
const PASSWORD = 'correct horse battery staple';

/**
 * EMERGENCY_PASSWORD_HASH in the format of libs/platform/src/security/password-hash.ts, with a cost of 2^10 instead
 * of 2^15: verifyPassword reads the cost from the hash, and the test checks some thirty passwords.
 */
function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 2 ** 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function member(id: string, phone: string | null): User {
  return userSchema.parse({
    id,
    username: `member_${id.slice(0, 8)}`,
    points: 0,
    rank: 'Newbie',
    badges: [],
    scoutMode: false,
    subscriptionTier: 'free',
    firstName: 'Sam',
    generatedName: `member_${id.slice(0, 8)}`,
    useGeneratedName: false,
    isVerified: phone !== null,
    verifiedName: null,
    verifiedEmail: null,
    verifiedPhone: phone,
    verificationDate: null,
    smsSubscribed: false,
    hasCommentFeature: true,
    profilePicture: null,
    locationRadius: DEFAULT_LOCATION_RADIUS,
    notificationRadius: DEFAULT_NOTIFICATION_RADIUS,
    quietHours: `${DEFAULT_QUIET_HOURS.start}-${DEFAULT_QUIET_HOURS.end}`,
    alertEmail: null,
    profileFrame: false,
    createdAt: new Date().toISOString(),
    ...NOTIFICATION_FLAG_DEFAULTS,
  });
}

describe(EmergencyAccessService.name, () => {
  let database: TestDatabase;
  let infrastructure: EmbeddedInfrastructure;
  let service: RunningService;
  let caller: RpcCaller;
  let dataDir: string;

  const admins = new Set<string>();
  const outage = randomUUID();
  const TARGET_CONTACT = { name: 'Robin Ortega', phone: '+15555550177' };
  const TARGET_POSITION = { lat: 40.7411, lng: -73.9897, reportedAt: '2026-11-24T16:05:00.000Z' };
  const target = member(randomUUID(), '+15555550142');

  const newAdmin = () => {
    const id = randomUUID();
    admins.add(id);
    return id;
  };
  /** The gateway's hash of a session token; one session per admin unless a test says otherwise. */
  const sessionOf = (id: string | undefined) => (id ? `session-of-${id}` : null);
  type Lookup = Omit<CallBody<typeof Calls.emergency.access>, 'sessionKey'> & { sessionKey?: string | null };
  const access = (callerId: string | undefined, body: Lookup) => caller.call(Calls.emergency.access, { sessionKey: sessionOf(callerId), ...body }, callerId);
  const unlock = (callerId: string | undefined, adminPassword: string, extra: { adminUserId?: string; sessionKey?: string | null } = {}) =>
    caller.call(Calls.emergency.unlock, { adminPassword, sessionKey: sessionOf(callerId), ...extra }, callerId);
  const logs = (callerId: string | undefined, sessionKey = sessionOf(callerId)) => caller.call(Calls.emergency.logs, { sessionKey }, callerId);
  const lookup = (extra: Lookup = {}): Lookup => ({ targetUserId: target.id, reason: 'Police request about a reported theft', ...extra });
  const newElevatedAdmin = async () => {
    const admin = newAdmin();
    await unlock(admin, PASSWORD);
    return admin;
  };
  const refusalOf = async (call: Promise<unknown>) => {
    const err = await call.then(
      () => new Error('expected a refusal'),
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw err;
    return { code: err.code, message: err.message, ...(err.retryAfterSeconds !== undefined ? { retryAfterSeconds: err.retryAfterSeconds } : {}) };
  };
  const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => service.runtime.dataSource.query(query, params);
  const entries = () =>
    sql<{
      id: string;
      admin_user_id: string | null;
      target_user_id: string | null;
      outcome: string;
      detail: string;
      reason: string;
      law_enforcement_case: string | null;
    }>(`SELECT id, admin_user_id, target_user_id, outcome, detail, reason, law_enforcement_case FROM emergency.audit_log ORDER BY seq`);
  const entriesOf = async (adminUserId: string) => (await entries()).filter((e) => e.admin_user_id === adminUserId).map((e) => `${e.outcome}:${e.detail}`);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'curbside-emergency-'));
    database = await createTestDatabase();
    const config = loadConfig({}, { DATA_DIR: dataDir, OUTBOX_POLL_MS: '50', DATABASE_POOL_SIZE: '4', EMERGENCY_PASSWORD_HASH: cheapPasswordHash(PASSWORD) });
    infrastructure = await createEmbeddedInfrastructure(config, { databaseUrl: database.url });
    const broker = infrastructure.rpcBroker;
    broker.register(Calls.users.adminStatus.subject, (data, respond) => {
      const callerId = (data as { meta: { callerId?: string } }).meta.callerId;
      if (callerId === outage)
        respond({ err: { code: ErrorCode.UNAVAILABLE, message: 'The users service is unavailable. Please try again.' }, isDisposed: true });
      else respond({ response: { isAdmin: admins.has(callerId ?? '') }, isDisposed: true });
    });
    broker.register(Calls.users.emergencyLookup.subject, (data, respond) => {
      const where = (data as { body: { userId?: string; phone?: string } }).body;
      if (where.userId === target.id || where.phone === target.verifiedPhone)
        respond({ response: { ...target, emergencyContact: TARGET_CONTACT }, isDisposed: true });
      else respond({ err: { code: UserError.NOT_FOUND, message: 'User not found' }, isDisposed: true });
    });
    // The notifications service: the target reported a position; nobody else did.
    broker.register(Calls.notifications.lastPosition.subject, (data, respond) => {
      const { userId } = (data as { body: { userId: string } }).body;
      respond({ response: { position: userId === target.id ? TARGET_POSITION : null }, isDisposed: true });
    });
    service = await startService(emergencyService, infrastructure);
    caller = new RpcCaller(new InMemoryRpcClient(broker), 30_000, 'gateway');
  });
  afterAll(async () => {
    await service?.close();
    await infrastructure?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a 10-minute elevation with the password, audited, and then grants lookups by reason with their target', async () => {
    const admin = newAdmin();
    const before = Date.now();
    const { expiresAt } = await unlock(admin, PASSWORD);
    expect(new Date(expiresAt).getTime() - before).toBeGreaterThan(9.9 * 60_000);
    expect(new Date(expiresAt).getTime() - before).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    const granted = await access(admin, lookup({ lawEnforcementCase: 'CASE-7' }));
    expect(granted).toMatchObject({ user: { id: target.id }, unavailable: ['activity', 'recentActivity', 'recentItems'], activity: null, recentItems: [] });
    // The last reported position, with its time, from the notifications service.
    expect(granted.lastPosition).toEqual(TARGET_POSITION);
    // The emergency contact beside the user, never inside the user's record.
    expect(granted.emergencyContact).toEqual(TARGET_CONTACT);
    expect(granted.user).not.toHaveProperty('emergencyContact');
    const mine = (await entries()).filter((e) => e.admin_user_id === admin);
    expect(mine.map((e) => [e.outcome, e.detail, e.target_user_id])).toEqual([
      ['granted', 'unlocked', null],
      ['granted', 'ok', target.id],
    ]);
    expect(mine[1].id).toBe(granted.auditEntryId);

    const byPhone = await access(admin, lookup({ searchType: 'phone', targetUserId: '(555) 555-0142' }));
    expect(byPhone.user.id).toBe(target.id);
  });

  it(`allows ${EMERGENCY_LOOKUPS_PER_UNLOCK} lookups an unlock, sent at once or not; the next ends the elevation, says so and is audited`, async () => {
    const admin = await newElevatedAdmin();
    const answers = await Promise.allSettled(Array.from({ length: EMERGENCY_LOOKUPS_PER_UNLOCK + 2 }, () => access(admin, lookup())));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(EMERGENCY_LOOKUPS_PER_UNLOCK);
    const limit = { code: EmergencyError.ELEVATION_REQUIRED, message: EmergencyMessages.lookupLimit(EMERGENCY_LOOKUPS_PER_UNLOCK) };
    // The one that used the allowance up says so; one under way at that moment finds the elevation gone.
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as DomainError] : []));
    expect(refused.map((e) => e.code)).toEqual([EmergencyError.ELEVATION_REQUIRED, EmergencyError.ELEVATION_REQUIRED]);
    expect(refused.map((e) => e.message)).toContain(limit.message);
    expect((await entriesOf(admin)).filter((e) => e === 'refused:lookup_limit')).toHaveLength(1);
    // The elevation ended: the log and lookups need the password again, which allows ten more.
    expect(await refusalOf(access(admin, lookup()))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED, message: EmergencyMessages.elevationRequired });
    await unlock(admin, PASSWORD);
    expect((await access(admin, lookup())).user.id).toBe(target.id);
  });

  it('opens nothing on a wrong password: no lookup, no log, and the attempt is audited', async () => {
    const admin = newAdmin();
    expect(await refusalOf(unlock(admin, 'guess'))).toEqual({ code: EmergencyError.WRONG_PASSWORD, message: EmergencyMessages.wrongPassword });
    expect(await refusalOf(access(admin, lookup()))).toEqual({ code: EmergencyError.ELEVATION_REQUIRED, message: EmergencyMessages.elevationRequired });
    expect(await refusalOf(logs(admin))).toEqual({ code: EmergencyError.ELEVATION_REQUIRED, message: EmergencyMessages.elevationRequired });
    // The refused lookup keeps the member it asked about.
    expect((await entries()).filter((e) => e.admin_user_id === admin).map((e) => [e.outcome, e.detail, e.target_user_id])).toEqual([
      ['refused', 'wrong_password', null],
      ['refused', 'no_elevation', target.id],
    ]);
  });

  it('binds the elevation to the session and the admin that unlocked', async () => {
    const admin = await newElevatedAdmin();
    const other = await newElevatedAdmin();
    expect(await refusalOf(access(admin, lookup({ sessionKey: 'another-session' })))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect(await refusalOf(access(admin, lookup({ sessionKey: null })))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect(await refusalOf(logs(admin, 'another-session'))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    // Another admin's session key does not lend its elevation.
    expect(await refusalOf(access(admin, lookup({ sessionKey: sessionOf(other) })))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect((await access(admin, lookup())).user.id).toBe(target.id);
  });

  it('ends the elevation when its time is up', async () => {
    const admin = await newElevatedAdmin();
    expect((await logs(admin)).length).toBeGreaterThan(0);
    await sql(`UPDATE emergency.elevations SET expires_at = now() - interval '1 second' WHERE admin_user_id = $1`, [admin]);
    expect(await refusalOf(logs(admin))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    expect(await refusalOf(access(admin, lookup()))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
    await unlock(admin, PASSWORD);
    expect((await access(admin, lookup())).user.id).toBe(target.id);
  });

  it('audits every refused attempt with why it was refused and the target asked for, and announces each entry', async () => {
    const admin = await newElevatedAdmin();
    const stranger = randomUUID();
    const unknown = randomUUID();
    const before = (await entries()).length;
    const refused = [
      [await refusalOf(access(undefined, lookup())), { code: ErrorCode.UNAUTHENTICATED, message: 'Please sign in first' }],
      [await refusalOf(access(stranger, lookup())), { code: EmergencyError.NOT_ADMIN, message: EmergencyMessages.notAdmin }],
      [await refusalOf(access(admin, lookup({ adminUserId: stranger }))), { code: AuthError.NOT_YOURSELF, message: 'You can only act as yourself' }],
      [await refusalOf(access(admin, lookup({ reason: '   ' }))), { code: EmergencyError.MISSING_INFORMATION, message: EmergencyMessages.missingInformation }],
      [
        await refusalOf(access(admin, lookup({ searchType: 'phone', targetUserId: '12' }))),
        { code: EmergencyError.BAD_PHONE, message: EmergencyMessages.badPhone },
      ],
      [await refusalOf(access(admin, lookup({ targetUserId: unknown }))), { code: EmergencyError.TARGET_NOT_FOUND, message: EmergencyMessages.targetNotFound }],
      [await refusalOf(access(outage, lookup())), { code: ErrorCode.UNAVAILABLE, message: 'The users service is unavailable. Please try again.' }],
      [await refusalOf(unlock(undefined, PASSWORD)), { code: ErrorCode.UNAUTHENTICATED, message: 'Please sign in first' }],
      [await refusalOf(unlock(stranger, PASSWORD)), { code: EmergencyError.NOT_ADMIN, message: EmergencyMessages.notAdmin }],
    ];
    for (const [got, expected] of refused) expect(got).toEqual(expected);

    const written = (await entries()).slice(before);
    // Refusals at the gate keep no text the caller typed; an administrator's keep their reason.
    const reason = lookup().reason;
    expect(written.map((e) => [e.admin_user_id, e.outcome, e.detail, e.target_user_id, e.reason])).toEqual([
      [null, 'refused', 'not_signed_in', target.id, ''],
      [stranger, 'refused', 'not_admin', target.id, ''],
      [admin, 'refused', 'not_self', target.id, ''],
      [admin, 'refused', 'missing_information', target.id, ''],
      [admin, 'refused', 'bad_phone', null, reason],
      [admin, 'refused', 'target_not_found', unknown, reason],
      [outage, 'refused', 'users_unavailable', target.id, reason],
      [null, 'refused', 'not_signed_in', null, ''],
      [stranger, 'refused', 'not_admin', null, ''],
    ]);
    const announced = await sql<{ id: string }>(`SELECT payload ->> 'auditEntryId' AS id FROM emergency.outbox_events WHERE subject = $1`, [
      Events.emergencyAccessed.subject,
    ]);
    expect(announced.map((e) => e.id)).toEqual(expect.arrayContaining(written.map((e) => e.id)));
  });

  it('locks an admin out after five wrong passwords in 15 minutes, even with the right one; other admins go on', async () => {
    const admin = newAdmin();
    for (let i = 0; i < 5; i++) expect(await refusalOf(unlock(admin, `guess ${i}`))).toMatchObject({ code: EmergencyError.WRONG_PASSWORD });
    const locked = await refusalOf(unlock(admin, PASSWORD));
    expect(locked).toMatchObject({ code: EmergencyError.LOCKED_OUT, message: EmergencyMessages.locked(15) });
    expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(locked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(await entriesOf(admin)).toEqual([...Array(5).fill('refused:wrong_password'), 'locked:locked_out']);
    expect(await refusalOf(access(admin, lookup()))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });

    expect((await access(await newElevatedAdmin(), lookup())).user.id).toBe(target.id);
  });

  it('does not lock an admin out after four wrong passwords', async () => {
    const admin = newAdmin();
    for (let i = 0; i < 4; i++) await refusalOf(unlock(admin, `guess ${i}`));
    await unlock(admin, PASSWORD);
    expect((await access(admin, lookup())).user.id).toBe(target.id);
  });

  it('lets no parallel guess slip past the lockout', async () => {
    const admin = newAdmin();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refusalOf(unlock(admin, `parallel guess ${i}`))));
    expect(answers.filter((a) => a.code === EmergencyError.WRONG_PASSWORD)).toHaveLength(5);
    expect(answers.filter((a) => a.code === EmergencyError.LOCKED_OUT)).toHaveLength(3);
  });

  it('shows the access log to elevated administrators only, newest first, without the refusals at the gate', async () => {
    const admin = await newElevatedAdmin();
    const { auditEntryId } = await access(admin, lookup());
    // Strangers asking again and again, with long texts, after the lookup.
    const long = lookup({ reason: 'x'.repeat(2000), lawEnforcementCase: 'y'.repeat(100) });
    await Promise.all(Array.from({ length: 30 }, (_, i) => refusalOf(access(i % 2 ? undefined : randomUUID(), long))));
    const log = await logs(admin);
    expect(log[0]).toMatchObject({ id: auditEntryId, targetUserId: target.id, outcome: 'granted' });
    const all = await entries();
    expect(all.filter((e) => e.reason.length >= 2000)).toEqual([]);
    expect(log.length).toBe(Math.min(100, all.filter((e) => !['not_signed_in', 'not_admin', 'not_self', 'disabled'].includes(e.detail)).length));
    expect(await refusalOf(logs(randomUUID()))).toMatchObject({ code: EmergencyError.NOT_ADMIN });
    expect(await refusalOf(logs(newAdmin()))).toMatchObject({ code: EmergencyError.ELEVATION_REQUIRED });
  });

  it('keeps every lookup on the dashboard however many refused tries follow it (an admin’s own, without the password)', async () => {
    const admin = await newElevatedAdmin();
    const { auditEntryId } = await access(admin, lookup());
    // Another admin, signed in but never unlocked, sends lookups with long reasons: each is refused and logged.
    const other = newAdmin();
    await Promise.all(Array.from({ length: 120 }, () => refusalOf(access(other, lookup({ reason: 'z'.repeat(2000) })))));
    const log = await logs(admin);
    expect(log.map((e) => e.id)).toContain(auditEntryId);
    expect(log.filter((e) => e.outcome !== 'granted')).toHaveLength(100);
  });

  it('keeps a chain that verifies; the database refuses UPDATE, DELETE and TRUNCATE, and a change behind its back breaks the chain', async () => {
    const read = () => readAuditLog((query) => sql(query));
    const count = (await entries()).length;
    expect(verifyChain(await read())).toEqual({ intact: true, entries: count });

    await expect(sql(`UPDATE emergency.audit_log SET reason = 'nothing to see'`)).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(sql(`DELETE FROM emergency.audit_log`)).rejects.toThrow(/append-only: DELETE refused/);
    await expect(sql(`TRUNCATE emergency.audit_log`)).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect((await entries()).length).toBe(count);

    // Only a superuser who turns the trigger off can change a row; the chain then names that row (rolled back here).
    const runner = service.runtime.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(`ALTER TABLE emergency.audit_log DISABLE TRIGGER audit_log_append_only`);
      await runner.query(`UPDATE emergency.audit_log SET reason = 'nothing to see' WHERE seq = 3`);
      const check = verifyChain(await readAuditLog((query) => runner.query(query)));
      expect(check).toMatchObject({ intact: false, brokenAt: { seq: '3' } });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(verifyChain(await read())).toEqual({ intact: true, entries: count });
  });

  it('lifts the lock 15 minutes after the wrong passwords', async () => {
    const admin = newAdmin();
    for (let i = 0; i < 5; i++) await refusalOf(unlock(admin, `guess ${i}`));
    expect(await refusalOf(unlock(admin, PASSWORD))).toMatchObject({ code: EmergencyError.LOCKED_OUT });
    // Only the clock moves (timers stay real): the failures are now older than the window.
    jest.useFakeTimers({
      now: Date.now() + 15 * 60_000 + 1_000,
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    try {
      await unlock(admin, PASSWORD);
      expect((await access(admin, lookup())).user.id).toBe(target.id);
    } finally {
      jest.useRealTimers();
    }
  });
});
