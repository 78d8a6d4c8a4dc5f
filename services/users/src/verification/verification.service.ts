import { Injectable } from '@nestjs/common';
import { AuthError, DomainError, SuccessResponse, UserError, VerificationStatus } from '@curbside/contracts';
import { AuthService } from '../auth/auth.service';
import { PhoneCodesService } from '../codes/phone-codes.service';
import { UsersRepository } from '../users/users.repository';
import { isUniqueViolation, UsersService } from '../users/users.service';

const PHONE_TAKEN = 'This phone number belongs to another account';

/** Account verification: full name + a code sent to the phone. A right code makes the account verified. */
@Injectable()
export class VerificationService {
  constructor(
    private readonly users: UsersService,
    private readonly usersRepository: UsersRepository,
    private readonly codes: PhoneCodesService,
    private readonly auth: AuthService,
  ) {}

  /**
   * Answers the same whether or not the number belongs to another account (docs/security.md: no way to learn who has
   * a number): the code is issued either way, so quotas match, and the answer does not wait for the text, so timing
   * matches too; but it is only sent to a number that is free or already this account's, so nobody can verify with
   * somebody else's phone.
   */
  async start(userId: string, name: string, phone: string, requester?: string, device?: string): Promise<SuccessResponse> {
    const issued = await this.users.change(userId, async (user, tx) => {
      if (user.isVerified) return null;
      const owner = await this.usersRepository.findByPhone(phone, tx.manager);
      user.verificationSubmittedAt = new Date();
      const send = !owner || owner.id === user.id;
      const code = await this.codes.issue(tx.manager, { phone, purpose: 'verify', userId, pendingName: name, requester, device, texted: send });
      return { code, send };
    });
    if (issued === null) return { success: true, message: 'Your account is already verified' };
    if (issued.send) this.auth.deliverInBackground(phone, issued.code);
    return { success: true, message: 'Check your phone for the verification code' };
  }

  async confirm(userId: string, phone: string, code: string, device?: string): Promise<SuccessResponse> {
    const check = await this.codes.check(phone, 'verify', code, device);
    if (!check.ok) return PhoneCodesService.fail(check);
    if (check.code.userId !== userId) throw new DomainError(AuthError.INVALID_CODE, 'Invalid verification code');
    try {
      await this.users.change(userId, async (user, tx) => {
        if (!(await this.codes.consume(tx.manager, check.code))) {
          throw new DomainError(AuthError.INVALID_CODE, 'Invalid verification code');
        }
        user.isVerified = true;
        user.verifiedName = check.code.pendingName;
        user.phone = phone;
        user.verificationDate = new Date();
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_phone_key')) throw new DomainError(UserError.PHONE_TAKEN, PHONE_TAKEN);
      throw err;
    }
    return { success: true, message: 'Your account is verified' };
  }

  async status(userId: string): Promise<VerificationStatus> {
    const user = await this.users.require(userId);
    const submittedAt = (user.verificationSubmittedAt ?? user.verificationDate)?.toISOString() ?? null;
    if (user.isVerified) return { status: 'verified', submittedAt };
    return submittedAt ? { status: 'pending', submittedAt } : { status: 'none', submittedAt: null };
  }
}
