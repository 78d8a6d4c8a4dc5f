import { jest } from '@jest/globals';
import { AuthError, Calls, UserError } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { usersService } from '../src/users.definition';
import { VerificationService } from '../src/verification/verification.service';
import { elapse, lastCode, newPhone, refusalOf, smsOf, textsTo } from './users-world';

/** Phone sign-in (AuthService) and account verification (VerificationService) as a member goes through them. */
describe(VerificationService.name, () => {
  let sut: ServiceUnderTest;

  const newMember = async () => (await sut.call(Calls.users.create, {})).user.id;
  const sendLogin = (phone: string) => sut.call(Calls.users.sendLoginCode, { phoneNumber: phone });
  const signIn = (phone: string, code: string, firstName?: string) =>
    sut.call(Calls.users.verifyLoginCode, { phoneNumber: phone, code, ...(firstName ? { firstName } : {}) });
  const startVerification = (userId: string, phone: string) => sut.call(Calls.users.startVerification, { name: 'Grace Hopper', phone }, userId);
  const confirm = (userId: string, phone: string, code: string) => sut.call(Calls.users.confirmVerification, { phone, code }, userId);
  const status = (userId: string) => sut.call(Calls.users.verificationStatus, {}, userId);
  const member = (userId: string) => sut.call(Calls.users.get, { userId }, userId);

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  describe('phone sign-in', () => {
    it('asks a new number for a first name, keeps the code for that second call, then creates and signs in the account', async () => {
      const phone = newPhone();
      await sendLogin(phone.e164);
      const code = lastCode(sut, phone.e164);
      expect((await signIn(phone.e164, code)).response).toEqual({
        success: false,
        isNewUser: true,
        needsName: true,
        message: 'Please enter your first name',
        user: null,
      });
      const created = await signIn(phone.e164, code, 'Rosa');
      expect(created.response).toMatchObject({
        success: true,
        isNewUser: true,
        message: 'Account Created!',
        user: { firstName: 'Rosa', verifiedPhone: phone.e164 },
      });
      expect(await sut.call(Calls.users.resolveSession, { token: created.sessionToken! })).toEqual({ userId: created.response.user!.id });
    });

    it('signs a known number into its account and leaves the account the browser had as it was', async () => {
      const phone = newPhone();
      await sendLogin(phone.e164);
      const account = (await signIn(phone.e164, lastCode(sut, phone.e164), 'Ada')).response.user!;
      const anonymous = await newMember();
      await elapse(sut, phone.e164, 31);
      await sendLogin(phone.e164);
      const again = await signIn(phone.e164, lastCode(sut, phone.e164));
      expect(again.response).toMatchObject({ success: true, isNewUser: false, message: 'Login Successful!', user: { id: account.id } });
      expect(await member(anonymous)).toMatchObject({ id: anonymous, verifiedPhone: null, firstName: null });
    });
  });

  describe('verification', () => {
    it('verifies the account with the name and the code texted to the phone, once', async () => {
      const userId = await newMember();
      const phone = newPhone();
      expect(await status(userId)).toEqual({ status: 'none', submittedAt: null });
      expect(await startVerification(userId, phone.typed)).toEqual({ success: true, message: 'Check your phone for the verification code' });
      expect(await status(userId)).toMatchObject({ status: 'pending' });
      const code = lastCode(sut, phone.e164);
      expect(await refusalOf(confirm(userId, phone.e164, code === '000000' ? '000001' : '000000'))).toEqual({
        code: AuthError.INVALID_CODE,
        message: 'Invalid verification code',
      });
      expect(await confirm(userId, phone.e164, code)).toEqual({ success: true, message: 'Your account is verified' });
      expect(await member(userId)).toMatchObject({ isVerified: true, verifiedName: 'Grace Hopper', verifiedPhone: phone.e164 });
      expect(await status(userId)).toMatchObject({ status: 'verified' });
      expect(await startVerification(userId, newPhone().e164)).toEqual({ success: true, message: 'Your account is already verified' });
    });

    it("does not take another member's code, nor a sign-in code", async () => {
      const owner = await newMember();
      const other = await newMember();
      const phone = newPhone();
      await startVerification(owner, phone.e164);
      expect(await refusalOf(confirm(other, phone.e164, lastCode(sut, phone.e164)))).toEqual({
        code: AuthError.INVALID_CODE,
        message: 'Invalid verification code',
      });

      const signInPhone = newPhone();
      await sendLogin(signInPhone.e164);
      expect(await refusalOf(confirm(owner, signInPhone.e164, lastCode(sut, signInPhone.e164)))).toMatchObject({ code: AuthError.INVALID_CODE });
      expect(await member(owner)).toMatchObject({ isVerified: false });
    });

    it('answers a number that belongs to another member like any other, and texts it nothing', async () => {
      const phone = newPhone();
      await sendLogin(phone.e164);
      await signIn(phone.e164, lastCode(sut, phone.e164), 'Owner');
      await elapse(sut, phone.e164, 31);
      const texts = textsTo(sut, phone.e164);
      const free = newPhone();
      const asker = await newMember();
      expect(await startVerification(asker, phone.e164)).toEqual(await startVerification(await newMember(), free.e164));
      expect(textsTo(sut, phone.e164)).toBe(texts);
    });

    it('answers a free number without waiting for the SMS provider, so the time it takes tells nobody whether a number is taken', async () => {
      const taken = newPhone();
      await sendLogin(taken.e164);
      await signIn(taken.e164, lastCode(sut, taken.e164), 'Owner');
      await elapse(sut, taken.e164, 31);
      const sms = smsOf(sut);
      const send = sms.send.bind(sms);
      // The provider takes six seconds to accept a text: an answer that waited for it could not come in three.
      const slow = jest.spyOn(sms, 'send').mockImplementation(async (to, body) => {
        await new Promise((resolve) => setTimeout(resolve, 6000));
        await send(to, body);
      });
      try {
        const free = newPhone();
        for (const phone of [free, taken]) {
          const started = Date.now();
          expect(await startVerification(await newMember(), phone.e164)).toEqual({ success: true, message: 'Check your phone for the verification code' });
          expect(Date.now() - started).toBeLessThan(3000);
        }
        // The free number's code arrives all the same.
        await waitFor(() => textsTo(sut, free.e164) === 1, { timeoutMs: 20_000 });
        expect(textsTo(sut, taken.e164)).toBe(1);
      } finally {
        slow.mockRestore();
      }
    });

    it('refuses with USER.PHONE_TAKEN when the phone went to another member between the code and its confirmation', async () => {
      const userId = await newMember();
      const phone = newPhone();
      await startVerification(userId, phone.e164);
      const verificationCode = lastCode(sut, phone.e164);
      await elapse(sut, phone.e164, 31);
      await sendLogin(phone.e164);
      await signIn(phone.e164, lastCode(sut, phone.e164), 'Quick');
      expect(await refusalOf(confirm(userId, phone.e164, verificationCode))).toEqual({
        code: UserError.PHONE_TAKEN,
        message: 'This phone number belongs to another account',
      });
      expect(await member(userId)).toMatchObject({ isVerified: false, verifiedPhone: null });
    });
  });
});
