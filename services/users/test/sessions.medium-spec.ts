import { Calls, Events } from '@curbside/contracts';
import { sessionRefOfToken, sessionTokenHash } from '@curbside/platform';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { LapsedSessionsScheduler } from '../src/sessions/lapsed-sessions.scheduler';
import { ENDED_SESSIONS_KEPT_DAYS, SESSION_IDLE_DAYS, SessionsService } from '../src/sessions/sessions.service';
import { usersService } from '../src/users.definition';

/** Sessions: the cookie's token resolves to its member until it is revoked or expires; only its hash is kept. */
describe(SessionsService.name, () => {
  let sut: ServiceUnderTest;

  const resolve = async (token: string) => (await sut.call(Calls.users.resolveSession, { token })).userId;
  const revoke = (token: string) => sut.call(Calls.users.revokeSession, { token });

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  it('keeps only the hash of the token, for a year', async () => {
    const { user, sessionToken } = await sut.call(Calls.users.create, {});
    const rows: { token_hash: string; days: number }[] = await sut.service.runtime.dataSource.query(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM users.sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ token_hash: sessionTokenHash(sessionToken), days: 365 }]);
  });

  it('ends the revoked session only; the member’s other sessions go on, and a second revoke changes nothing', async () => {
    const { user, sessionToken } = await sut.call(Calls.users.create, {});
    const other = await sut.service.runtime.outbox.transaction((tx) => sut.service.app.get(SessionsService).start(tx.manager, user.id));
    expect(await resolve(sessionToken)).toBe(user.id);
    expect(await revoke(sessionToken)).toEqual({ success: true });
    expect(await resolve(sessionToken)).toBeNull();
    expect(await resolve(other)).toBe(user.id);
    expect(await revoke(sessionToken)).toEqual({ success: true });
    expect(await resolve(other)).toBe(user.id);
  });

  it(`ends a session unused for ${SESSION_IDLE_DAYS} days; one used within them goes on, and its use is noted`, async () => {
    const idle = await sut.call(Calls.users.create, {});
    const used = await sut.call(Calls.users.create, {});
    const lastSeen = (token: string, daysAgo: number) =>
      sut.service.runtime.dataSource.query(`UPDATE users.sessions SET last_seen_at = now() - make_interval(days => $2) WHERE token_hash = $1`, [
        sessionTokenHash(token),
        daysAgo,
      ]);
    await lastSeen(idle.sessionToken, SESSION_IDLE_DAYS + 1);
    await lastSeen(used.sessionToken, SESSION_IDLE_DAYS - 1);
    expect(await resolve(idle.sessionToken)).toBeNull();
    expect(await resolve(used.sessionToken)).toBe(used.user.id);
    const [{ days }]: { days: number }[] = await sut.service.runtime.dataSource.query(
      `SELECT round(extract(epoch FROM now() - last_seen_at) / 86400)::int AS days FROM users.sessions WHERE token_hash = $1`,
      [sessionTokenHash(used.sessionToken)],
    );
    expect(days).toBe(0);
  });

  it('resolves no expired session, and no token it never issued', async () => {
    const { sessionToken } = await sut.call(Calls.users.create, {});
    await sut.service.runtime.dataSource.query(`UPDATE users.sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sessionTokenHash(sessionToken),
    ]);
    expect(await resolve(sessionToken)).toBeNull();
    expect(await resolve('never-issued')).toBeNull();
  });

  it('tells the other services which sessions a sign-out ended (user.sessions-ended, by sessionRef): its own on sign-out, the others on "Other devices"', async () => {
    const { user, sessionToken } = await sut.call(Calls.users.create, {});
    const start = () => sut.service.runtime.outbox.transaction((tx) => sut.service.app.get(SessionsService).start(tx.manager, user.id));
    const [phone, tablet] = [await start(), await start()];
    const ended = async () =>
      (
        (await sut.service.runtime.dataSource.query(`SELECT payload FROM users.outbox_events WHERE subject = $1 ORDER BY occurred_at`, [
          Events.sessionsEnded.subject,
        ])) as { payload: { userId: string; sessionRefs: string[] } }[]
      )
        .map((r) => r.payload)
        .filter((p) => p.userId === user.id);

    expect(await sut.call(Calls.users.revokeOtherSessions, { token: sessionToken })).toMatchObject({ ended: 2 });
    expect(await ended()).toEqual([{ userId: user.id, sessionRefs: expect.arrayContaining([sessionRefOfToken(phone), sessionRefOfToken(tablet)]) }]);
    expect((await ended())[0].sessionRefs).toHaveLength(2);
    // Nothing more to end: no event.
    expect(await sut.call(Calls.users.revokeOtherSessions, { token: sessionToken })).toMatchObject({ ended: 0 });
    await revoke(phone);
    expect(await ended()).toHaveLength(1);
    // Signing out ends its own.
    await revoke(sessionToken);
    expect((await ended())[1]).toEqual({ userId: user.id, sessionRefs: [sessionRefOfToken(sessionToken)] });
  });

  it(`announces the sessions that ended by themselves (a year old, or unused for ${SESSION_IDLE_DAYS} days) once, and no live one`, async () => {
    const { user, sessionToken: live } = await sut.call(Calls.users.create, {});
    const start = () => sut.service.runtime.outbox.transaction((tx) => sut.service.app.get(SessionsService).start(tx.manager, user.id));
    const [idle, expired, signedOut] = [await start(), await start(), await start()];
    const db = sut.service.runtime.dataSource;
    await db.query(`UPDATE users.sessions SET last_seen_at = now() - make_interval(days => $2) WHERE token_hash = $1`, [
      sessionTokenHash(idle),
      SESSION_IDLE_DAYS + 1,
    ]);
    await db.query(`UPDATE users.sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sessionTokenHash(expired)]);
    await revoke(signedOut);
    const ended = async () =>
      (
        (await db.query(`SELECT payload FROM users.outbox_events WHERE subject = $1 ORDER BY occurred_at`, [Events.sessionsEnded.subject])) as {
          payload: { userId: string; sessionRefs: string[] };
        }[]
      )
        .map((r) => r.payload)
        .filter((p) => p.userId === user.id);
    const sweeps = sut.service.app.get(LapsedSessionsScheduler);

    await sweeps.sweep();
    const events = await ended();
    // The sign-out's own event, then the sweep's, naming exactly the two lapsed sessions.
    expect(events).toHaveLength(2);
    expect(events[1].sessionRefs.sort()).toEqual([sessionRefOfToken(idle), sessionRefOfToken(expired)].sort());
    await sweeps.sweep();
    expect(await ended()).toHaveLength(2);
    expect(await resolve(live)).toBe(user.id);
  });

  it(`deletes a session ${ENDED_SESSIONS_KEPT_DAYS} days after it ended, a batch at a time, and never a live one`, async () => {
    const { user, sessionToken: live } = await sut.call(Calls.users.create, {});
    const service = sut.service.app.get(SessionsService);
    const tokens = await sut.service.runtime.outbox.transaction(async (tx) => Promise.all([1, 2, 3, 4].map(() => service.start(tx.manager, user.id))));
    const [recent, ...old] = tokens;
    const db = sut.service.runtime.dataSource;
    const endedDaysAgo = (token: string, days: number) =>
      db.query(`UPDATE users.sessions SET revoked_at = now() - make_interval(days => $2) WHERE token_hash = $1`, [sessionTokenHash(token), days]);
    await endedDaysAgo(recent, ENDED_SESSIONS_KEPT_DAYS - 1);
    for (const token of old) await endedDaysAgo(token, ENDED_SESSIONS_KEPT_DAYS + 1);
    // Earlier tests' sessions do not end that long ago.
    expect(await service.forgetEnded(2)).toBe(old.length);
    const kept: { token_hash: string }[] = await db.query(`SELECT token_hash FROM users.sessions WHERE user_id = $1`, [user.id]);
    expect(kept.map((r) => r.token_hash).sort()).toEqual([sessionTokenHash(live), sessionTokenHash(recent)].sort());
    expect(await resolve(live)).toBe(user.id);
    expect(await service.forgetEnded(2)).toBe(0);
  });

  it('ends lapsed sessions a batch at a time until none is left', async () => {
    const { user } = await sut.call(Calls.users.create, {});
    const service = sut.service.app.get(SessionsService);
    const tokens = await sut.service.runtime.outbox.transaction(async (tx) => Promise.all([1, 2, 3, 4, 5].map(() => service.start(tx.manager, user.id))));
    await sut.service.runtime.dataSource.query(`UPDATE users.sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ANY ($1)`, [
      tokens.map(sessionTokenHash),
    ]);
    // Earlier tests' lapsed sessions may be ended by the same sweep.
    expect(await service.endLapsed(2)).toBeGreaterThanOrEqual(5);
    const [{ open }]: { open: number }[] = await sut.service.runtime.dataSource.query(
      `SELECT count(*)::int AS open FROM users.sessions WHERE token_hash = ANY ($1) AND revoked_at IS NULL`,
      [tokens.map(sessionTokenHash)],
    );
    expect(open).toBe(0);
    expect(await service.endLapsed(2)).toBe(0);
  });
});
