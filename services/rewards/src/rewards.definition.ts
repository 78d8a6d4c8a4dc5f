import { DynamicModule, Module } from '@nestjs/common';
import { CreateIdempotencyKeysTable1764000000000, PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { BadgesRepository } from './badges/badges.repository';
import { LeaderboardRepository } from './leaderboard/leaderboard.repository';
import { LeaderboardService } from './leaderboard/leaderboard.service';
import { Admins } from './fulfilment/admins';
import { EraseDeliveryDetailsScheduler } from './fulfilment/erase-delivery-details.scheduler';
import { FulfilmentController } from './fulfilment/fulfilment.controller';
import { FulfilmentService } from './fulfilment/fulfilment.service';
import { FinalisePendingPointsScheduler } from './ledger/finalise-pending-points.scheduler';
import { LedgerController } from './ledger/ledger.controller';
import { BalanceEntity, LedgerEntryEntity, MemberEntity } from './ledger/ledger.entities';
import { LedgerRepository } from './ledger/ledger.repository';
import { LedgerService } from './ledger/ledger.service';
import { MembersRepository } from './ledger/members.repository';
import { PendingCreditsRepository } from './ledger/pending-credits.repository';
import { PostCreditsRepository } from './ledger/post-credits.repository';
import { CreateLedger1763800000200 } from './migrations/1763800000200-create-ledger';
import { RewardsRules1763800000201 } from './migrations/1763800000201-rewards-rules';
import { PendingPostReversals1763800000250 } from './migrations/1763800000250-pending-post-reversals';
import { UncreditedPosts1763800000251 } from './migrations/1763800000251-uncredited-posts';
import { PendingPostCredits1764100000300 } from './migrations/1764100000300-pending-post-credits';
import { Perks1764300000280 } from './migrations/1764300000280-perks';
import { Fulfilment1764400000290 } from './migrations/1764400000290-fulfilment';
import { DonationTotals1764400000291 } from './migrations/1764400000291-donation-totals';
import { WithdrawalKinds1765000000292 } from './migrations/1765000000292-withdrawal-kinds';
import { PointsOwed1765000000293 } from './migrations/1765000000293-points-owed';
import { PerksController } from './perks/perks.controller';
import { PerksRepository } from './perks/perks.repository';
import { PerksService } from './perks/perks.service';
import { CreditPointsWhenItemIsClaimedHandler } from './reactions/credit-points-when-item-is-claimed.handler';
import { CreditPointsWhenItemIsPostedHandler } from './reactions/credit-points-when-item-is-posted.handler';
import { FinalisePointsWhenItemIsStillThereHandler } from './reactions/finalise-points-when-item-is-still-there.handler';
import { MirrorMemberWhenUserChangesHandler } from './reactions/mirror-member-when-user-changes.handler';
import { ReversePointsWhenPostIsWithdrawnHandler } from './reactions/reverse-points-when-post-is-withdrawn.handler';
import { RedemptionsRepository } from './shop/redemptions.repository';
import { ShopService } from './shop/shop.service';

@Module({})
export class RewardsModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: RewardsModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [LedgerController, PerksController, FulfilmentController],
      providers: [
        LedgerService,
        ShopService,
        LeaderboardService,
        LedgerRepository,
        PostCreditsRepository,
        PendingCreditsRepository,
        FinalisePendingPointsScheduler,
        MembersRepository,
        BadgesRepository,
        RedemptionsRepository,
        PerksRepository,
        PerksService,
        Admins,
        FulfilmentService,
        EraseDeliveryDetailsScheduler,
        LeaderboardRepository,
        CreditPointsWhenItemIsPostedHandler,
        CreditPointsWhenItemIsClaimedHandler,
        ReversePointsWhenPostIsWithdrawnHandler,
        MirrorMemberWhenUserChangesHandler,
        FinalisePointsWhenItemIsStillThereHandler,
      ],
    };
  }
}

/** Points ledger, ranks, badges, leaderboard, shop (docs/architecture.md, docs/product-rules.md). */
export const rewardsService: ServiceDefinition = {
  name: 'rewards',
  entities: [LedgerEntryEntity, BalanceEntity, MemberEntity],
  migrations: [
    CreateLedger1763800000200,
    RewardsRules1763800000201,
    PendingPostReversals1763800000250,
    UncreditedPosts1763800000251,
    CreateIdempotencyKeysTable1764000000000,
    PendingPostCredits1764100000300,
    Perks1764300000280,
    Fulfilment1764400000290,
    DonationTotals1764400000291,
    WithdrawalKinds1765000000292,
    PointsOwed1765000000293,
  ],
  module: (runtime) => RewardsModule.register(runtime),
};
