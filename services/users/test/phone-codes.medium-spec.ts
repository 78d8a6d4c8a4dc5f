import { AuthError, Calls } from '@curbside/contracts';
import { runWithRequestContext } from '@curbside/platform';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { PhoneCodesService } from '../src/codes/phone-codes.service';
import { usersService } from '../src/users.definition';
import { elapse, lastCode, newPhone, refusalOf, textsTo } from './users-world';

/**
 * Sign-in codes as a member meets them (README, "Phone sign-in"): the real service and its repository on a fresh
 * database, called the way the gateway calls them. Waiting is simulated by moving a number's codes back in time.
 */
describe(PhoneCodesService.name, () => {
  let sut: ServiceUnderTest;

  const send = (phone: string, requester = '203.0.113.7') => sut.call(Calls.users.sendLoginCode, { phoneNumber: phone, requester });
  const signIn = (phone: string, code: string) => sut.call(Calls.users.verifyLoginCode, { phoneNumber: phone, code, firstName: 'Rosa' });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codeRows = (e164: string): Promise<{ code_hash: string; attempts: number; dead: boolean }[]> =>
    sut.service.runtime.dataSource.query(
      `SELECT code_hash, attempts, dead_at IS NOT NULL AS dead FROM users.phone_codes WHERE phone = $1 ORDER BY created_at`,
      [e164],
    );

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  it('texts a 6-digit code and keeps only its HMAC', async () => {
    const phone = newPhone();
    expect(await send(phone.typed)).toEqual({ success: true, message: 'Check your phone for the verification code' });
    const code = lastCode(sut, phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codeRows(phone.e164);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  it('takes a code for 10 minutes and not after', async () => {
    const early = newPhone();
    await send(early.e164);
    await elapse(sut, early.e164, 9 * 60 + 50);
    expect((await signIn(early.e164, lastCode(sut, early.e164))).response).toMatchObject({ success: true, message: 'Account Created!' });

    const late = newPhone();
    await send(late.e164);
    await elapse(sut, late.e164, 10 * 60 + 1);
    expect(await refusalOf(signIn(late.e164, lastCode(sut, late.e164)))).toEqual({
      code: AuthError.INVALID_CODE,
      message: 'This code has expired. Please request a new one.',
    });
  });

  it('counts wrong tries: the fourth still leaves the code alive, the fifth kills it', async () => {
    const survivor = newPhone();
    await send(survivor.e164);
    const code = lastCode(sut, survivor.e164);
    for (let i = 0; i < 4; i++) {
      expect(await refusalOf(signIn(survivor.e164, wrong(code)))).toEqual({ code: AuthError.INVALID_CODE, message: 'Invalid verification code' });
    }
    expect((await codeRows(survivor.e164))[0]).toMatchObject({ attempts: 4, dead: false });
    expect((await signIn(survivor.e164, code)).response.success).toBe(true);

    const victim = newPhone();
    await send(victim.e164);
    const right = lastCode(sut, victim.e164);
    for (let i = 0; i < 4; i++) await refusalOf(signIn(victim.e164, wrong(right)));
    expect(await refusalOf(signIn(victim.e164, wrong(right)))).toEqual({
      code: AuthError.INVALID_CODE,
      message: 'Invalid verification code. Too many tries: please request a new code.',
    });
    expect(await refusalOf(signIn(victim.e164, right))).toEqual({ code: AuthError.INVALID_CODE, message: 'Invalid verification code' });
  });

  it("weighs a try only against the codes the trying browser asked for: a stranger's guesses leave the owner's code whole", async () => {
    const phone = newPhone();
    const from = <T>(device: string, call: () => Promise<T>) => runWithRequestContext({ requestId: 'phone-codes', device }, call);
    const [ownerPhone, strangerLaptop] = ['a'.repeat(64), 'b'.repeat(64)];
    await from(ownerPhone, () => send(phone.e164));
    const code = lastCode(sut, phone.e164);
    for (let i = 0; i < 5; i++) {
      expect(await refusalOf(from(strangerLaptop, () => signIn(phone.e164, wrong(code))))).toEqual({
        code: AuthError.INVALID_CODE,
        message: 'Invalid verification code',
      });
    }
    // The right code from the wrong browser is refused too, and a browser that came with no device is another one.
    expect(await refusalOf(from(strangerLaptop, () => signIn(phone.e164, code)))).toMatchObject({ code: AuthError.INVALID_CODE });
    expect(await refusalOf(signIn(phone.e164, code))).toMatchObject({ code: AuthError.INVALID_CODE });
    expect(await codeRows(phone.e164)).toEqual([expect.objectContaining({ attempts: 0, dead: false })]);
    // The owner's own wrong try still counts against their code.
    await refusalOf(from(ownerPhone, () => signIn(phone.e164, wrong(code))));
    expect((await codeRows(phone.e164))[0].attempts).toBe(1);
    expect((await from(ownerPhone, () => signIn(phone.e164, code))).response).toMatchObject({ success: true });
  });

  it('takes a code once', async () => {
    const phone = newPhone();
    await send(phone.e164);
    const code = lastCode(sut, phone.e164);
    expect((await signIn(phone.e164, code)).response.success).toBe(true);
    expect(await refusalOf(signIn(phone.e164, code))).toEqual({ code: AuthError.INVALID_CODE, message: 'Invalid verification code' });
  });

  it('sends one code per number every 30 s, and says how long to wait', async () => {
    const phone = newPhone();
    await send(phone.e164);
    const refused = await refusalOf(send(phone.e164));
    expect(refused).toMatchObject({ code: AuthError.TOO_MANY_CODES, message: 'Please wait 30 seconds before asking for another code.' });
    expect(refused.retryAfterSeconds).toBeGreaterThan(20);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(textsTo(sut, phone.e164)).toBe(1);

    await elapse(sut, phone.e164, 31);
    await send(phone.e164);
    expect(textsTo(sut, phone.e164)).toBe(2);
  });

  it('sends five codes a number an hour, then asks to wait the hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      await send(phone.e164);
      await elapse(sut, phone.e164, 31);
    }
    expect(await refusalOf(send(phone.e164))).toEqual({
      code: AuthError.TOO_MANY_CODES,
      message: 'Too many codes were requested for this number. Please try again in an hour.',
      retryAfterSeconds: 3600,
    });
    expect(textsTo(sut, phone.e164)).toBe(5);

    await elapse(sut, phone.e164, 3600);
    await send(phone.e164);
    expect(textsTo(sut, phone.e164)).toBe(6);
  });

  it("keeps a stranger's requests from using up the owner's quota or ending the owner's code, up to 20 an hour from everybody", async () => {
    const phone = newPhone();
    await send(phone.e164, 'owner');
    const ownersCode = lastCode(sut, phone.e164);
    for (let i = 0; i < 5; i++) {
      await send(phone.e164, 'stranger');
      await elapse(sut, phone.e164, 31);
    }
    expect((await refusalOf(send(phone.e164, 'stranger'))).retryAfterSeconds).toBe(3600);
    // A newer code from the same requester replaces the older one; the stranger's codes left the owner's alive.
    await send(phone.e164, 'owner');
    const newer = lastCode(sut, phone.e164);
    expect(await refusalOf(signIn(phone.e164, ownersCode))).toMatchObject({ code: AuthError.INVALID_CODE });
    expect((await signIn(phone.e164, newer)).response.success).toBe(true);

    for (let i = 0; i < 13; i++) await send(phone.e164, `neighbour ${i}`);
    expect(await refusalOf(send(phone.e164, 'one too many'))).toEqual({
      code: AuthError.TOO_MANY_CODES,
      message: 'Too many codes were requested for this number. Please try again in an hour.',
      retryAfterSeconds: 3600,
    });
  });

  it('still texts the owner on a browser that signed in with the number before, when strangers on four networks used up its hour', async () => {
    const phone = newPhone();
    const from = <T>(device: string, call: () => Promise<T>) => runWithRequestContext({ requestId: 'phone-codes', device }, call);
    const [ownerPhone, newLaptop] = ['c'.repeat(64), 'd'.repeat(64)];
    await from(ownerPhone, () => send(phone.e164, 'home'));
    expect((await from(ownerPhone, () => signIn(phone.e164, lastCode(sut, phone.e164)))).response).toMatchObject({ success: true });

    // Five codes from each network, as fast as each may ask; the last is already past the ceiling.
    for (let i = 0; i < 5; i++) {
      for (const network of ['stranger 1', 'stranger 2', 'stranger 3', 'stranger 4']) await send(phone.e164, network).catch(() => undefined);
      await elapse(sut, phone.e164, 31);
    }
    expect(textsTo(sut, phone.e164)).toBe(20);
    const ceiling = { code: AuthError.TOO_MANY_CODES, message: 'Too many codes were requested for this number. Please try again in an hour.' };
    // A browser that never typed a code for the number is held to the ceiling, even the owner's new one at home.
    expect(await refusalOf(from(newLaptop, () => send(phone.e164, 'home')))).toMatchObject(ceiling);
    expect(await refusalOf(send(phone.e164, 'stranger 5'))).toMatchObject(ceiling);

    const texts = textsTo(sut, phone.e164);
    expect(await from(ownerPhone, () => send(phone.e164, 'home'))).toEqual({ success: true, message: 'Check your phone for the verification code' });
    expect(textsTo(sut, phone.e164)).toBe(texts + 1);
    expect((await from(ownerPhone, () => signIn(phone.e164, lastCode(sut, phone.e164)))).response).toMatchObject({ success: true });

    // Past the ceiling, the proven browser has its own 5 an hour on every network together, not 5 on each: a
    // browser that once signed in (a shared computer) cannot text the number without end by changing networks.
    for (const network of ['cafe', 'office', 'train']) await from(ownerPhone, () => send(phone.e164, network));
    expect(await refusalOf(from(ownerPhone, () => send(phone.e164, 'library')))).toMatchObject(ceiling);
  });

  it('answers the same whether or not the number has an account', async () => {
    const member = newPhone();
    await send(member.e164);
    await signIn(member.e164, lastCode(sut, member.e164));
    await elapse(sut, member.e164, 31);
    const stranger = newPhone();
    expect(await send(member.e164)).toEqual(await send(stranger.e164));
  });

  it('refuses numbers of countries it does not serve, and sends nothing', async () => {
    expect(await refusalOf(send('+44 20 7946 0958'))).toEqual({
      code: AuthError.COUNTRY_NOT_SUPPORTED,
      message: 'Phone numbers from this country are not supported yet',
    });
    expect(textsTo(sut, '+442079460958')).toBe(0);
  });
});

/** The hour's budget of texted codes, all numbers together (SMS_CODES_PER_HOUR), on a service of its own set to 3. */
describe(`${PhoneCodesService.name} with an hourly budget of texts`, () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService, { SMS_CODES_PER_HOUR: '3' });
  });
  afterAll(() => sut?.stop());

  it('texts codes to many numbers until the budget is spent, then refuses with when to try again; untexted codes do not count', async () => {
    const send = (phone: string, requester: string) => sut.call(Calls.users.sendLoginCode, { phoneNumber: phone, requester });
    // A verification code for a number that is another account's is never texted: it takes nothing from the budget.
    const owner = newPhone();
    await send(owner.e164, '198.51.100.1');
    await sut.call(Calls.users.verifyLoginCode, { phoneNumber: owner.e164, code: lastCode(sut, owner.e164), firstName: 'Owner' });
    const asker = (await sut.call(Calls.users.create, {})).user.id;
    await sut.call(Calls.users.startVerification, { name: 'Mallory Stranger', phone: owner.e164, requester: '198.51.100.2' }, asker);

    const numbers = [newPhone(), newPhone(), newPhone()];
    await send(numbers[0].e164, '203.0.113.1');
    await send(numbers[1].e164, '203.0.113.2');
    const refused = await refusalOf(send(numbers[2].e164, '203.0.113.3'));
    expect(refused).toMatchObject({ code: AuthError.CODE_NOT_SENT, message: 'We could not send the code. Please try again in a moment.' });
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(textsTo(sut, numbers[2].e164)).toBe(0);
    // A verification for a taken number is refused alike: the spent budget tells nobody who has a number.
    expect(
      await refusalOf(sut.call(Calls.users.startVerification, { name: 'Mallory Stranger', phone: owner.e164, requester: '198.51.100.3' }, asker)),
    ).toMatchObject({
      code: AuthError.CODE_NOT_SENT,
    });

    // An hour later the oldest texts are out of the window.
    await sut.service.runtime.dataSource.query(`UPDATE users.phone_codes SET created_at = created_at - interval '61 minutes'`);
    await send(numbers[2].e164, '203.0.113.3');
    expect(textsTo(sut, numbers[2].e164)).toBe(1);
  });
});
