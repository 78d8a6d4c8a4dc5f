import { Injectable } from '@nestjs/common';
import { Calls, DomainError, ModerationError, UserError } from '@curbside/contracts';
import { RpcCaller } from '@curbside/platform';

const NOT_MODERATOR = 'The review queue is for moderators only.';

/**
 * Who may review: asked of the users service, which grants the role (npm run admin:grant -- --role moderator), at
 * every moderation call, so a role granted or taken away counts at once.
 */
@Injectable()
export class Moderators {
  constructor(private readonly services: RpcCaller) {}

  async require(callerId: string | undefined): Promise<string> {
    if (!callerId) throw new DomainError(ModerationError.NOT_MODERATOR, NOT_MODERATOR);
    const status = await this.services.call(Calls.users.adminStatus, {}, callerId).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === UserError.NOT_FOUND) return { isAdmin: false, isModerator: false };
      throw err;
    });
    if (!status.isModerator) throw new DomainError(ModerationError.NOT_MODERATOR, NOT_MODERATOR);
    return callerId;
  }
}
