import { Inject, Injectable } from '@nestjs/common';
import { AuthError, DomainError, maskPhone, SendCodeResponse, VerifyCodeRequest, VerifyCodeResponse } from '@curbside/contracts';
import { createLogger, EventOutbox, SMS_SENDER, SmsSender } from '@curbside/platform';
import { PhoneCodesService } from '../codes/phone-codes.service';
import { CODE_NOT_SENT_MESSAGE, codeMessage } from '../codes/phone-code.rules';
import { SessionsService } from '../sessions/sessions.service';
import { toUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';

export interface SignIn {
  response: VerifyCodeResponse;
  /** Set when the code was right and an account is signed in: the gateway turns it into the cookie. */
  sessionToken?: string;
}

const CODE_SENT: SendCodeResponse = { success: true, message: 'Check your phone for the verification code' };

/**
 * Phone sign-in. A number that has an account signs into it; a new number with a first name creates one.
 * The anonymous account the browser had is left as it was (never merged silently): its posts and points stay
 * with it, and signing in simply switches the browser to the phone's account.
 */
@Injectable()
export class AuthService {
  private readonly log = createLogger('auth');

  constructor(
    private readonly outbox: EventOutbox,
    private readonly codes: PhoneCodesService,
    private readonly users: UsersService,
    private readonly usersRepository: UsersRepository,
    private readonly sessions: SessionsService,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  /** The same answer whether or not the number has an account. */
  async sendLoginCode(phone: string, requester?: string, device?: string): Promise<SendCodeResponse> {
    const code = await this.outbox.transaction((tx) => this.codes.issue(tx.manager, { phone, purpose: 'login', requester, device }));
    await this.deliver(phone, code);
    return CODE_SENT;
  }

  /** `device`: the browser that types the code; only the codes it asked for are weighed. */
  async verifyLoginCode(request: VerifyCodeRequest, device?: string): Promise<SignIn> {
    const phone = request.phoneNumber;
    const check = await this.codes.check(phone, 'login', request.code, device);
    if (!check.ok) return PhoneCodesService.fail(check);
    return this.outbox.transaction(async (tx) => {
      const existing = await this.usersRepository.findByPhone(phone, tx.manager);
      if (!existing && !request.firstName) {
        // The code stays valid: the next call carries the name and the same code.
        return { response: { success: false, isNewUser: true, needsName: true, message: 'Please enter your first name', user: null } };
      }
      if (!(await this.codes.consume(tx.manager, check.code))) {
        throw new DomainError(AuthError.INVALID_CODE, 'Invalid verification code');
      }
      const user = existing ?? (await this.users.insertUser(tx, { phone, firstName: request.firstName }));
      const sessionToken = await this.sessions.start(tx.manager, user.id);
      const message = existing ? 'Login Successful!' : 'Account Created!';
      return { response: { success: true, isNewUser: !existing, message, user: toUser(user) }, sessionToken };
    });
  }

  /**
   * Sends the code without its caller waiting for the SMS provider: a verification answers a number that is another
   * account's (never texted) as soon as a free one, or the time it took would tell who has a number. A failed send is
   * logged (deliver); the member asks for a new code 30 s later, as for a text that never came.
   */
  deliverInBackground(phone: string, code: string): void {
    this.deliver(phone, code).catch(() => undefined);
  }

  async deliver(phone: string, code: string): Promise<void> {
    try {
      await this.sms.send(phone, codeMessage(code));
    } catch (err) {
      this.log.error({ err, to: maskPhone(phone) }, 'SMS delivery failed');
      throw new DomainError(AuthError.CODE_NOT_SENT, CODE_NOT_SENT_MESSAGE);
    }
  }
}
