import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, SuccessResponse, VerificationStatus } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { PhoneCodesService } from '../codes/phone-codes.service';
import { isUniqueViolation, UsersService } from '../users/users.service';

const PHONE_TAKEN = 'This phone number belongs to another account';

/** Account verification: full name + a code sent to the phone. A right code makes the account verified. */
@Injectable()
export class VerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly codes: PhoneCodesService,
    private readonly auth: AuthService,
  ) {}

  async start(userId: string, name: string, phone: string): Promise<SuccessResponse> {
    const code = await this.users.change(userId, async (user, tx) => {
      if (user.isVerified) return null;
      const owner = await this.users.findByPhone(tx.manager, phone);
      if (owner && owner.id !== user.id) throw new DomainError(ErrorCode.CONFLICT, PHONE_TAKEN);
      user.verificationSubmittedAt = new Date();
      return this.codes.issue(tx.manager, { phone, purpose: 'verify', userId, pendingName: name });
    });
    if (code === null) return { success: true, message: 'Your account is already verified' };
    await this.auth.deliver(phone, code);
    return { success: true, message: 'Check your phone for the verification code' };
  }

  async confirm(userId: string, phone: string, code: string): Promise<SuccessResponse> {
    const check = await this.codes.check(phone, 'verify', code);
    if (!check.ok) return PhoneCodesService.fail(check);
    if (check.code.userId !== userId) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Invalid verification code');
    try {
      await this.users.change(userId, async (user, tx) => {
        if (!(await this.codes.consume(tx.manager, check.code))) {
          throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Invalid verification code');
        }
        user.isVerified = true;
        user.verifiedName = check.code.pendingName;
        user.phone = phone;
        user.verificationDate = new Date();
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_phone_key')) throw new DomainError(ErrorCode.CONFLICT, PHONE_TAKEN);
      throw err;
    }
    return { success: true, message: 'Your account is verified' };
  }

  async status(userId: string): Promise<VerificationStatus> {
    const user = await this.users.require(this.dataSource.manager, userId);
    const submittedAt = (user.verificationSubmittedAt ?? user.verificationDate)?.toISOString() ?? null;
    if (user.isVerified) return { status: 'verified', submittedAt };
    return submittedAt ? { status: 'pending', submittedAt } : { status: 'none', submittedAt: null };
  }
}
