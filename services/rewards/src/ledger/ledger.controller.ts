import { Controller } from '@nestjs/common';
import { CallRequest, Calls, DomainError, ErrorCode, RpcRequest } from '@curbside/contracts';
import { Handles, Idempotent } from '@curbside/platform';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { ShopService } from '../shop/shop.service';
import { LedgerService } from './ledger.service';

@Controller()
export class LedgerController {
  constructor(
    private readonly ledger: LedgerService,
    private readonly shop: ShopService,
    private readonly leaderboard: LeaderboardService,
  ) {}

  @Handles(Calls.rewards.balance)
  balance(request: CallRequest<typeof Calls.rewards.balance>) {
    return this.ledger.balance(request.body.userId);
  }

  @Handles(Calls.rewards.summary)
  summary(request: CallRequest<typeof Calls.rewards.summary>) {
    return this.ledger.summary(request.body.userId);
  }

  @Handles(Calls.rewards.catalogue)
  catalogue() {
    return this.shop.catalogue();
  }

  @Handles(Calls.rewards.userRewards)
  userRewards(request: CallRequest<typeof Calls.rewards.userRewards>) {
    return this.shop.redemptions(callerOf(request));
  }

  @Handles(Calls.rewards.redeem)
  @Idempotent()
  redeem(request: CallRequest<typeof Calls.rewards.redeem>) {
    return this.shop.redeem(callerOf(request), request.body.rewardId, request.body.address);
  }

  @Handles(Calls.rewards.leaderboard)
  page(request: CallRequest<typeof Calls.rewards.leaderboard>) {
    return this.leaderboard.page(request.body);
  }
}

/** Redemptions are always the session's user's: the gateway resolved it, no body names it. */
function callerOf(request: RpcRequest): string {
  if (!request.meta.callerId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Sign in to use the points shop');
  return request.meta.callerId;
}
