import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  balanceCallSchema,
  DomainError,
  ErrorCode,
  leaderboardQuerySchema,
  parseOrThrow,
  redeemCallSchema,
  Rpc,
  RpcRequest,
} from '@curbside/contracts';
import { Idempotent } from '@curbside/platform';
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

  @MessagePattern(Rpc.rewards.balance)
  balance(@Payload() request: RpcRequest) {
    return this.ledger.balance(parseOrThrow(balanceCallSchema, request.body).userId);
  }

  @MessagePattern(Rpc.rewards.summary)
  summary(@Payload() request: RpcRequest) {
    return this.ledger.summary(parseOrThrow(balanceCallSchema, request.body).userId);
  }

  @MessagePattern(Rpc.rewards.catalogue)
  catalogue() {
    return this.shop.catalogue();
  }

  @MessagePattern(Rpc.rewards.userRewards)
  userRewards(@Payload() request: RpcRequest) {
    return this.shop.redemptions(callerOf(request));
  }

  @MessagePattern(Rpc.rewards.redeem)
  @Idempotent()
  redeem(@Payload() request: RpcRequest) {
    return this.shop.redeem(callerOf(request), parseOrThrow(redeemCallSchema, request.body).rewardId);
  }

  @MessagePattern(Rpc.rewards.leaderboard)
  page(@Payload() request: RpcRequest) {
    return this.leaderboard.page(parseOrThrow(leaderboardQuerySchema, request.body));
  }
}

/** Redemptions are always the session's user's: the gateway resolved it, no body names it. */
function callerOf(request: RpcRequest): string {
  if (!request.meta.callerId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Sign in to use the points shop');
  return request.meta.callerId;
}
