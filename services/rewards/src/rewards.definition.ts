import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { LedgerController } from './ledger/ledger.controller';
import { BalanceEntity, LedgerEntryEntity, UserTierEntity } from './ledger/ledger.entities';
import { LedgerService } from './ledger/ledger.service';
import { CreateLedger1763800000200 } from './migrations/1763800000200-create-ledger';
import { CreditPointsWhenItemIsClaimedHandler } from './reactions/credit-points-when-item-is-claimed.handler';
import { CreditPointsWhenItemIsPostedHandler } from './reactions/credit-points-when-item-is-posted.handler';
import { MirrorTierWhenUserChangesHandler } from './reactions/mirror-tier-when-user-changes.handler';

@Module({})
export class RewardsModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: RewardsModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [LedgerController],
      providers: [LedgerService, CreditPointsWhenItemIsPostedHandler, CreditPointsWhenItemIsClaimedHandler, MirrorTierWhenUserChangesHandler],
    };
  }
}

/** Points ledger, ranks, badges, leaderboard, shop (DESIGN §1). */
export const rewardsService: ServiceDefinition = {
  name: 'rewards',
  entities: [LedgerEntryEntity, BalanceEntity, UserTierEntity],
  migrations: [CreateLedger1763800000200],
  module: (runtime) => RewardsModule.register(runtime),
};
