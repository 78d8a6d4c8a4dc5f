import { randomUUID } from 'node:crypto';
import { Calls, Events, GARAGE_SALE_ALERTS_MESSAGE, UserError } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { usersService } from '../src/users.definition';
import { UsersRepository } from '../src/users/users.repository';
import { UsersService } from '../src/users/users.service';
import { lastCode, newPhone, refusalOf } from './users-world';

/** The members' own rules: accounts, what others see, scout mode, plans and alerts, administrators. */
describe(UsersService.name, () => {
  let sut: ServiceUnderTest;

  const newMember = async () => (await sut.call(Calls.users.create, {})).user.id;
  const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => sut.service.runtime.dataSource.query(query, params);
  const eventsAbout = async (userId: string) =>
    (await sql<{ subject: string }>(`SELECT subject FROM users.outbox_events WHERE payload ->> 'userId' = $1 ORDER BY occurred_at, subject`, [userId])).map(
      (e) => e.subject,
    );

  /** A member verified with a phone, the way a member does it: name, code, confirm. */
  const verifiedMember = async () => {
    const userId = await newMember();
    const phone = newPhone();
    await sut.call(Calls.users.startVerification, { name: 'Ada Lovelace', phone: phone.e164 }, userId);
    await sut.call(Calls.users.confirmVerification, { phone: phone.e164, code: lastCode(sut, phone.e164) }, userId);
    return { userId, phone };
  };

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  it('creates an anonymous account with a generated name and a session for it, and announces it', async () => {
    const { user, sessionToken } = await sut.call(Calls.users.create, {});
    expect(user).toMatchObject({ points: 0, rank: 'Newbie', isVerified: false, scoutMode: false, subscriptionTier: 'free', verifiedPhone: null });
    expect(user.username).toMatch(/\S/);
    expect(await sut.call(Calls.users.resolveSession, { token: sessionToken })).toEqual({ userId: user.id });
    expect(await eventsAbout(user.id)).toEqual([Events.userCreated.subject]);
  });

  it('shows the owner the whole record and anybody else the public view', async () => {
    const owner = await newMember();
    const other = await newMember();
    expect(await sut.call(Calls.users.get, { userId: owner }, owner)).toHaveProperty('notificationRadius');
    const seen = await sut.call(Calls.users.get, { userId: owner }, other);
    expect(Object.keys(seen).sort()).toEqual(['badges', 'id', 'points', 'profileFrame', 'rank', 'scoutMode', 'subscriptionTier', 'username']);
    expect(await refusalOf(sut.call(Calls.users.get, { userId: '00000000-0000-4000-8000-000000000000' }, owner))).toEqual({
      code: UserError.NOT_FOUND,
      message: 'User not found',
    });
  });

  it('shows others the first name, with the last initial once verified, or the made-up name the member chose; events carry it', async () => {
    const { user } = await sut.call(Calls.users.create, { firstName: 'Ada' });
    const other = await newMember();
    const seenAs = async () => ((await sut.call(Calls.users.get, { userId: user.id }, other)) as { username: string }).username;
    const announced = async () =>
      (
        await sql<{ name: string }>(
          `SELECT payload ->> 'username' AS name FROM users.outbox_events WHERE payload ->> 'userId' = $1 ORDER BY occurred_at DESC LIMIT 1`,
          [user.id],
        )
      )[0]?.name;
    expect(user).toMatchObject({ username: 'Ada', useGeneratedName: false, generatedName: expect.stringMatching(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/) });
    expect(await seenAs()).toBe('Ada');
    expect(await announced()).toBe('Ada');

    const phone = newPhone();
    await sut.call(Calls.users.startVerification, { name: 'Ada King Lovelace', phone: phone.e164 }, user.id);
    await sut.call(Calls.users.confirmVerification, { phone: phone.e164, code: lastCode(sut, phone.e164) }, user.id);
    expect(await seenAs()).toBe('Ada L.');
    expect(await announced()).toBe('Ada L.');

    const chosen = await sut.call(Calls.users.setPublicName, { useGeneratedName: true }, user.id);
    expect(chosen).toMatchObject({ username: user.generatedName, useGeneratedName: true, firstName: 'Ada' });
    expect(await seenAs()).toBe(user.generatedName);
    expect(await announced()).toBe(user.generatedName);
    await sut.call(Calls.users.setPublicName, { useGeneratedName: false }, user.id);
    expect(await seenAs()).toBe('Ada L.');

    // Without a first name the made-up name is the only one.
    const anonymous = (await sut.call(Calls.users.create, {})).user;
    expect(anonymous.username).toBe(anonymous.generatedName);
  });

  it('lets only verified members turn scout mode on; anybody may turn it off', async () => {
    const unverified = await newMember();
    expect(await refusalOf(sut.call(Calls.users.setScoutMode, { scoutMode: true }, unverified))).toEqual({
      code: UserError.VERIFICATION_REQUIRED,
      message: 'Only verified users can become Scouts. Please verify your account first.',
    });
    expect(await refusalOf(sut.call(Calls.users.setScoutMode, {}, unverified))).toMatchObject({ code: UserError.VERIFICATION_REQUIRED });
    expect(await sut.call(Calls.users.setScoutMode, { scoutMode: false }, unverified)).toEqual({ scoutMode: false });

    const { userId } = await verifiedMember();
    expect(await sut.call(Calls.users.setScoutMode, { scoutMode: true }, userId)).toEqual({ scoutMode: true });
    expect(await sut.call(Calls.users.setScoutMode, {}, userId)).toEqual({ scoutMode: false });
    expect(await sut.call(Calls.users.setScoutMode, {}, userId)).toEqual({ scoutMode: true });
  });

  it('turns garage-sale alerts on only on plans that have them, writes nothing when refused, and turns them off when the plan goes', async () => {
    const userId = await newMember();
    const before = await sql(`SELECT notification_flags, notification_radius, version FROM users.users WHERE id = $1`, [userId]);
    expect(
      await refusalOf(sut.call(Calls.users.updatePreferences, { enableGarageSaleAlerts: true, notificationRadius: '5', enableNewItemAlerts: false }, userId)),
    ).toEqual({ code: UserError.PLAN_REQUIRED, message: GARAGE_SALE_ALERTS_MESSAGE });
    expect(await sql(`SELECT notification_flags, notification_radius, version FROM users.users WHERE id = $1`, [userId])).toEqual(before);

    await sut.call(Calls.users.setSubscription, { tier: 'basic' }, userId);
    expect(await refusalOf(sut.call(Calls.users.updatePreferences, { enableGarageSaleAlerts: true }, userId))).toMatchObject({ code: UserError.PLAN_REQUIRED });

    await sut.call(Calls.users.setSubscription, { tier: 'premium' }, userId);
    expect(await sut.call(Calls.users.updatePreferences, { enableGarageSaleAlerts: true, notificationRadius: '5' }, userId)).toMatchObject({
      enableGarageSaleAlerts: true,
      notificationRadius: '5',
    });
    expect(await sut.call(Calls.users.setSubscription, { tier: 'free' }, userId)).toMatchObject({ subscriptionTier: 'free', enableGarageSaleAlerts: false });
  });

  it('counts every change as a new version and announces it', async () => {
    const userId = await newMember();
    await sut.call(Calls.users.setSubscription, { tier: 'pro' }, userId);
    await sut.call(Calls.users.updatePreferences, { enableNewItemAlerts: false }, userId);
    expect(await sql(`SELECT version FROM users.users WHERE id = $1`, [userId])).toEqual([{ version: 3 }]);
    expect(await eventsAbout(userId)).toEqual([Events.userCreated.subject, Events.userUpdated.subject, Events.userUpdated.subject]);
  });

  it('makes administrators and moderators only through the operator command, by id or by phone', async () => {
    const users = sut.service.app.get(UsersService);
    const byId = await newMember();
    expect(await sut.call(Calls.users.adminStatus, {}, byId)).toEqual({ isAdmin: false, isModerator: false });
    await users.grantAdmin({ userId: byId });
    expect(await sut.call(Calls.users.adminStatus, {}, byId)).toEqual({ isAdmin: true, isModerator: false });

    const { userId: byPhone, phone } = await verifiedMember();
    await users.grantAdmin({ phone: phone.e164 });
    expect(await sut.call(Calls.users.adminStatus, {}, byPhone)).toEqual({ isAdmin: true, isModerator: false });

    const moderator = await newMember();
    await users.grantAdmin({ userId: moderator }, 'moderator');
    expect(await sut.call(Calls.users.adminStatus, {}, moderator)).toEqual({ isAdmin: false, isModerator: true });

    expect(await refusalOf(users.grantAdmin({ phone: newPhone().e164 }))).toEqual({ code: UserError.NOT_FOUND, message: 'User not found' });
    expect(await refusalOf(sut.call(Calls.users.adminStatus, {}, '00000000-0000-4000-8000-000000000000'))).toMatchObject({ code: UserError.NOT_FOUND });
  });

  it('finds a member for the emergency lookup by id or by the phone as typed', async () => {
    const { userId, phone } = await verifiedMember();
    expect(await sut.call(Calls.users.emergencyLookup, { phone: phone.typed })).toMatchObject({ id: userId, verifiedPhone: phone.e164 });
    expect(await sut.call(Calls.users.emergencyLookup, { userId })).toMatchObject({ id: userId });
    expect(await refusalOf(sut.call(Calls.users.emergencyLookup, { phone: newPhone().typed }))).toMatchObject({ code: UserError.NOT_FOUND });
    expect(await refusalOf(sut.call(Calls.users.emergencyLookup, { phone: 'not a number' }))).toMatchObject({ code: UserError.NOT_FOUND });
  });

  it('inserts under a savepoint: a clash of generated names leaves the transaction usable for the next draw', async () => {
    const first = await newMember();
    const repository = sut.service.app.get(UsersRepository);
    const users = sut.service.app.get(UsersService);
    const created = await sut.service.runtime.outbox.transaction(async (tx) => {
      const sameName = repository.create({ ...(await repository.findById(first, tx.manager)), id: randomUUID() });
      await expect(repository.insert(tx.manager, sameName)).rejects.toThrow(/users_username_key/);
      return users.insertUser(tx, { firstName: 'Noor' });
    });
    expect(await sql(`SELECT first_name FROM users.users WHERE id = $1`, [created.id])).toEqual([{ first_name: 'Noor' }]);
  });
});
