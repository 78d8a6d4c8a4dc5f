import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import {
  CancelRedemptionBody,
  Calls,
  LeaderboardQuery,
  LeaderboardReply,
  OpenRedemption,
  RedeemBody,
  RedeemResponse,
  RedemptionDecision,
  Reward,
  Routes,
  UsePerkAnswer,
  UsePerkBody,
  UserPerk,
  UserReward,
} from '@curbside/contracts';
import { ShortLivedCopies } from '@curbside/platform';
import type { HttpReply } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';

/**
 * How long this process keeps the leaderboard's first page (per limit): every visit of /leaderboard asks for it,
 * and the same answer for everybody, so a crowd costs one call to the rewards service a second instead of one a
 * visitor (which keeps its own one-second copy against the database: a page is at most ~2 s behind the ledger).
 */
export const LEADERBOARD_FIRST_PAGE_TTL_MS = 1000;

@Controller()
export class RewardsController {
  private readonly firstPages = new ShortLivedCopies<number, LeaderboardReply>(LEADERBOARD_FIRST_PAGE_TTL_MS);

  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.listRewards)
  list(): Promise<Reward[]> {
    return this.services.call(Calls.rewards.catalogue, {});
  }

  @ApiRoute(Routes.userRewards)
  userRewards(@Param(new ZodPipe(Routes.userRewards.params)) params: { userId: string }, @Caller() callerId: string): Promise<UserReward[]> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.rewards.userRewards, {}, callerId);
  }

  /**
   * The spec's client sends its user id in the body: it must be the session's, and is never used otherwise. Goods
   * sent by post carry the address; whether the reward takes one is the rewards service's rule.
   */
  @ApiRoute(Routes.redeemReward)
  redeem(
    @Param(new ZodPipe(Routes.redeemReward.params)) params: { rewardId: string },
    @Body(new ZodPipe(Routes.redeemReward.body)) body: RedeemBody,
    @Caller() callerId: string,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<RedeemResponse> {
    assertIsCaller(body?.userId, callerId);
    return this.services.call(Calls.rewards.redeem, { rewardId: params.rewardId, ...(body?.address ? { address: body.address } : {}) }, callerId, {
      idempotencyKey,
    });
  }

  @ApiRoute(Routes.userPerks)
  perks(@Param(new ZodPipe(Routes.userPerks.params)) params: { userId: string }, @Caller() callerId: string): Promise<UserPerk[]> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.rewards.perks, {}, callerId);
  }

  /** Every rule (whose perk, used once, a spotlight only on the caller's own available post) is the rewards service's. */
  @ApiRoute(Routes.usePerk)
  usePerk(
    @Param(new ZodPipe(Routes.usePerk.params)) params: { userId: string; redemptionId: string },
    @Body(new ZodPipe(Routes.usePerk.body)) body: UsePerkBody,
    @Caller() callerId: string,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<UsePerkAnswer> {
    assertIsCaller(params.userId, callerId);
    const itemId = body?.itemId;
    return this.services.call(Calls.rewards.usePerk, { redemptionId: params.redemptionId, ...(itemId ? { itemId } : {}) }, callerId, { idempotencyKey });
  }

  /** Administrators only: the rewards service asks the users service whether the caller is one, at every call. */
  @ApiRoute(Routes.fulfilment)
  fulfilment(@Caller() callerId: string): Promise<OpenRedemption[]> {
    return this.services.call(Calls.rewards.fulfilment, {}, callerId);
  }

  @ApiRoute(Routes.fulfilRedemption)
  fulfil(@Param(new ZodPipe(Routes.fulfilRedemption.params)) params: { redemptionId: string }, @Caller() callerId: string): Promise<RedemptionDecision> {
    return this.services.call(Calls.rewards.fulfil, { redemptionId: params.redemptionId }, callerId);
  }

  @ApiRoute(Routes.cancelRedemption)
  cancel(
    @Param(new ZodPipe(Routes.cancelRedemption.params)) params: { redemptionId: string },
    @Body(new ZodPipe(Routes.cancelRedemption.body)) body: CancelRedemptionBody,
    @Caller() callerId: string,
  ): Promise<RedemptionDecision> {
    return this.services.call(Calls.rewards.cancelRedemption, { redemptionId: params.redemptionId, reason: body.reason }, callerId);
  }

  /**
   * The next page's cursor travels in a header, so the body stays the plain list the spec reads. The page
   * arrives serialised and is sent on as it is.
   */
  @ApiRoute(Routes.leaderboard)
  async leaderboard(@Query(new ZodPipe(Routes.leaderboard.query)) query: LeaderboardQuery, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    const ask = () => this.services.call(Calls.rewards.leaderboard, query);
    const page = query.cursor ? await ask() : await this.firstPages.get(query.limit, ask);
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    reply.type('application/json; charset=utf-8');
    return page.entriesJson;
  }
}
