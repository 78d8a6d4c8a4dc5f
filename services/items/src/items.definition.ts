import { DynamicModule, Module } from '@nestjs/common';
import { CreateIdempotencyKeysTable1764000000000, PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { ClaimsController } from './claims/claims.controller';
import { ClaimsRepository } from './claims/claims.repository';
import { ClaimsService } from './claims/claims.service';
import { CommentsController } from './comments/comments.controller';
import { CommentsRepository } from './comments/comments.repository';
import { CommentsService } from './comments/comments.service';
import { EngagementController } from './engagement/engagement.controller';
import { EngagementRepository } from './engagement/engagement.repository';
import { EngagementService } from './engagement/engagement.service';
import { ExpiryRepository } from './expiry/expiry.repository';
import { ExpiryScheduler } from './expiry/expiry.scheduler';
import { CellDensity } from './items/cell-density';
import { ItemEntity } from './items/item.entity';
import { ItemsController } from './items/items.controller';
import { ItemsRepository } from './items/items.repository';
import { ItemsService } from './items/items.service';
import { CreateItems1763800000300 } from './migrations/1763800000300-create-items';
import { ItemEngagement1763800000301 } from './migrations/1763800000301-item-engagement';
import { WideGrid1763800000302 } from './migrations/1763800000302-wide-grid';
import { PublicPosition1763800000303 } from './migrations/1763800000303-public-position';
import { BlurOffsetOnce1764600000300 } from './migrations/1764600000300-blur-offset-once';
import { RemovedByCase1764600000400 } from './migrations/1764600000400-removed-by-case';
import { DescriptionTrigrams1764600000401 } from './migrations/1764600000401-description-trigrams';
import { SearchText1764700000402 } from './migrations/1764700000402-search-text';
import { FeedCovering1764800000403 } from './migrations/1764800000403-feed-covering';
import { SecretBlur1765000000404 } from './migrations/1765000000404-secret-blur';
import { ItemPhotoIndex1765000000405 } from './migrations/1765000000405-item-photo-index';
import { NotThereCounts1765000000406 } from './migrations/1765000000406-not-there-counts';
import { RemovedByCaseForTargets1765000000407 } from './migrations/1765000000407-removed-by-case-for-targets';
import { DayTimeZone1765000000408 } from './migrations/1765000000408-day-time-zone';
import { UnansweredAutoHolds1765000000409 } from './migrations/1765000000409-unanswered-auto-holds';
import { BlurPlacePerBlock1765000000410 } from './migrations/1765000000410-blur-place-per-block';
import { CountedVotes1765000000411 } from './migrations/1765000000411-counted-votes';
import { CommentEdits1765000000412 } from './migrations/1765000000412-comment-edits';
import { PickupUploads1765100000413 } from './migrations/1765100000413-pickup-uploads';
import { FailedChecksOfHolds1765100000414 } from './migrations/1765100000414-failed-checks-of-holds';
import { ItemPhotoUploads1765100000415 } from './migrations/1765100000415-item-photo-uploads';
import { ItemPhotosRepository } from './items/item-photos.repository';
import { ItemPhotosService } from './items/item-photos.service';
import { PickupPhotoKeys1763800000304 } from './migrations/1763800000304-pickup-photo-keys';
import { HandoverMessages1763800000340 } from './migrations/1763800000340-handover-messages';
import { Blocks1763800000341 } from './migrations/1763800000341-blocks';
import { BlocksRepository } from './blocks/blocks.repository';
import { KeepBlocksWhenMembersBlockHandler } from './reactions/keep-blocks-when-members-block.handler';
import { FlagItemWhenPhotoLabelledHandler } from './reactions/flag-item-when-photo-labelled.handler';
import { LabelItemPhotoWhenItemPostedHandler } from './reactions/label-item-photo-when-item-posted.handler';
import { MessagesController } from './messages/messages.controller';
import { MessagesRepository } from './messages/messages.repository';
import { MessagesRetentionScheduler } from './messages/messages-retention.scheduler';
import { MessagesService } from './messages/messages.service';
import { ContentChecks } from './moderation/checks/content-checks.service';
import { ModerationController } from './moderation/moderation.controller';
import { ModerationRepository } from './moderation/moderation.repository';
import { ModerationService } from './moderation/moderation.service';
import { Moderators } from './moderation/moderators';
import { Moderation1764200000350 } from './migrations/1764200000350-moderation';
import { ItemQueues1763800000320 } from './migrations/1763800000320-item-queues';
import { LastConfirmed1763800000321 } from './migrations/1763800000321-last-confirmed';
import { HoldHistory1763800000322 } from './migrations/1763800000322-hold-history';
import { HoldsRepository } from './holds/holds.repository';
import { HoldExtensionsRepository } from './holds/hold-extensions.repository';
import { Perks1764300000380 } from './migrations/1764300000380-perks';
import { Impact1764400000390 } from './migrations/1764400000390-impact';
import { AutoClaim1764400000391 } from './migrations/1764400000391-auto-claim';
import { MemberDevices1764400000393 } from './migrations/1764400000393-member-devices';
import { ImpactAreaWeeks1764400000394 } from './migrations/1764400000394-impact-area-weeks';
import { WantedModeration1764500000396 } from './migrations/1764500000396-wanted-moderation';
import { MemberDevicesRepository } from './impact/member-devices.repository';
import { ImpactController } from './impact/impact.controller';
import { ImpactRepository } from './impact/impact.repository';
import { ImpactService } from './impact/impact.service';
import { ExtendNextHoldWhenPerkIsUsedHandler } from './reactions/extend-next-hold-when-perk-is-used.handler';
import { SpotlightPostWhenPerkIsUsedHandler } from './reactions/spotlight-post-when-perk-is-used.handler';
import { SpotlightsController } from './spotlights/spotlights.controller';
import { RunningSpotlights } from './spotlights/running-spotlights';
import { SpotlightsRepository } from './spotlights/spotlights.repository';
import { SpotlightsService } from './spotlights/spotlights.service';
import { QueueController } from './queue/queue.controller';
import { QueueRepository } from './queue/queue.repository';
import { QueueService } from './queue/queue.service';
import { PosterEntity } from './posters/poster.entity';
import { PostersRepository } from './posters/posters.repository';
import { PostersService } from './posters/posters.service';
import { Readers } from './posters/readers';
import { UpdatePosterWhenUserChangesHandler } from './reactions/update-poster-when-user-changes.handler';
import { PlacesController } from './places/places.controller';
import { PlacesService } from './places/places.service';
import { ReportsController } from './reports/reports.controller';
import { ReportsRepository } from './reports/reports.repository';
import { ReportsService } from './reports/reports.service';
import { SavedSearches1763800000370 } from './migrations/1763800000370-saved-searches';
import { WantedReach1763800000371 } from './migrations/1763800000371-wanted-reach';
import { MatchSavedSearchesWhenItemPostedHandler } from './reactions/match-saved-searches-when-item-posted.handler';
import { SavedSearchesController } from './saved-searches/saved-searches.controller';
import { AutoClaimService } from './saved-searches/auto-claim.service';
import { SavedSearchesRepository } from './saved-searches/saved-searches.repository';
import { SavedSearchesService } from './saved-searches/saved-searches.service';

@Module({})
export class ItemsModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: ItemsModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [
        ItemsController,
        ClaimsController,
        EngagementController,
        CommentsController,
        MessagesController,
        ReportsController,
        QueueController,
        SavedSearchesController,
        ModerationController,
        PlacesController,
        SpotlightsController,
        ImpactController,
      ],
      providers: [
        ItemsService,
        PlacesService,
        ItemsRepository,
        CellDensity,
        PostersService,
        PostersRepository,
        Readers,
        ClaimsService,
        ClaimsRepository,
        EngagementService,
        EngagementRepository,
        CommentsService,
        CommentsRepository,
        ReportsService,
        ReportsRepository,
        ExpiryScheduler,
        ExpiryRepository,
        MessagesService,
        MessagesRepository,
        MessagesRetentionScheduler,
        BlocksRepository,
        KeepBlocksWhenMembersBlockHandler,
        LabelItemPhotoWhenItemPostedHandler,
        FlagItemWhenPhotoLabelledHandler,
        UpdatePosterWhenUserChangesHandler,
        QueueService,
        QueueRepository,
        HoldsRepository,
        ContentChecks,
        SavedSearchesService,
        AutoClaimService,
        SavedSearchesRepository,
        MatchSavedSearchesWhenItemPostedHandler,
        ModerationService,
        ModerationRepository,
        Moderators,
        HoldExtensionsRepository,
        SpotlightsRepository,
        RunningSpotlights,
        SpotlightsService,
        SpotlightPostWhenPerkIsUsedHandler,
        ExtendNextHoldWhenPerkIsUsedHandler,
        ImpactService,
        ImpactRepository,
        MemberDevicesRepository,
        ItemPhotosRepository,
        ItemPhotosService,
      ],
    };
  }
}

/** Items, garage sales, geo feed, search, claims, votes, comments, reports (docs/architecture.md). */
export const itemsService: ServiceDefinition = {
  name: 'items',
  entities: [ItemEntity, PosterEntity],
  migrations: [
    CreateItems1763800000300,
    ItemEngagement1763800000301,
    WideGrid1763800000302,
    PublicPosition1763800000303,
    PickupPhotoKeys1763800000304,
    ItemQueues1763800000320,
    LastConfirmed1763800000321,
    HoldHistory1763800000322,
    HandoverMessages1763800000340,
    Blocks1763800000341,
    SavedSearches1763800000370,
    WantedReach1763800000371,
    CreateIdempotencyKeysTable1764000000000,
    Moderation1764200000350,
    Perks1764300000380,
    Impact1764400000390,
    AutoClaim1764400000391,
    MemberDevices1764400000393,
    ImpactAreaWeeks1764400000394,
    WantedModeration1764500000396,
    BlurOffsetOnce1764600000300,
    RemovedByCase1764600000400,
    DescriptionTrigrams1764600000401,
    SearchText1764700000402,
    FeedCovering1764800000403,
    SecretBlur1765000000404,
    ItemPhotoIndex1765000000405,
    NotThereCounts1765000000406,
    RemovedByCaseForTargets1765000000407,
    DayTimeZone1765000000408,
    UnansweredAutoHolds1765000000409,
    BlurPlacePerBlock1765000000410,
    CountedVotes1765000000411,
    CommentEdits1765000000412,
    PickupUploads1765100000413,
    FailedChecksOfHolds1765100000414,
    ItemPhotoUploads1765100000415,
  ],
  module: (runtime) => ItemsModule.register(runtime),
};
