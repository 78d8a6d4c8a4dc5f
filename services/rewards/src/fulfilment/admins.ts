import { Injectable } from '@nestjs/common';
import { Calls, DomainError, FulfilmentMessages, RewardError, UserError } from '@curbside/contracts';
import { RpcCaller } from '@curbside/platform';

/**
 * Who may fulfil: asked of the users service, which grants the role (npm run admin:grant), at every call, so a role
 * granted or taken away counts at once.
 */
@Injectable()
export class Admins {
  constructor(private readonly services: RpcCaller) {}

  async require(callerId: string | undefined): Promise<string> {
    if (!callerId) throw new DomainError(RewardError.NOT_ADMIN, FulfilmentMessages.notAdmin);
    const status = await this.services.call(Calls.users.adminStatus, {}, callerId).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === UserError.NOT_FOUND) return { isAdmin: false, isModerator: false };
      throw err;
    });
    if (!status.isAdmin) throw new DomainError(RewardError.NOT_ADMIN, FulfilmentMessages.notAdmin);
    return callerId;
  }
}
