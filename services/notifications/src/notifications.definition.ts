import { DynamicModule, Module } from '@nestjs/common';
import { CreateIdempotencyKeysTable1764000000000, PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { DeliveriesRepository } from './delivery/deliveries.repository';
import { DeliveryService } from './delivery/delivery.service';
import { PushService } from './delivery/push.service';
import { DigestService } from './delivery/digest.service';
import { Delivery1764200000700 } from './migrations/1764200000700-delivery';
import { InAppTiming1764400000703 } from './migrations/1764400000703-in-app-timing';
import { DeliveryJobs1764700000706 } from './migrations/1764700000706-delivery-jobs';
import { MemberReach1764800000708 } from './migrations/1764800000708-member-reach';
import { ReachBands1764900000709 } from './migrations/1764900000709-reach-bands';
import { AlertingPosts1765000000710 } from './migrations/1765000000710-alerting-posts';
import { PushSessions1765100000711 } from './migrations/1765100000711-push-sessions';
import { ProMembersFirst1765200000712 } from './migrations/1765200000712-pro-members-first';
import { CreateNotifications1763800000400 } from './migrations/1763800000400-create-notifications';
import { NearbyAlerts1763800000401 } from './migrations/1763800000401-nearby-alerts';
import { LiveStream1763800000402 } from './migrations/1763800000402-live-stream';
import { AlertsAsOfTheirTime1763800000450 } from './migrations/1763800000450-alerts-as-of-their-time';
import { NotificationsController } from './notifications.controller';
import { NotifyFromEventsHandler } from './reactions/notify-from-events.handler';
import { TellRecipientOfHandoverMessageHandler } from './reactions/tell-recipient-of-handover-message.handler';
import { TellMembersOfModerationHandler } from './reactions/tell-members-of-moderation.handler';
import { TellMemberTheirRedemptionWasDecidedHandler } from './reactions/tell-member-their-redemption-was-decided.handler';
import { TellNextInQueueTheyAreUpHandler } from './reactions/tell-next-in-queue-they-are-up.handler';
import { TellMembersTheirSavedSearchMatchedHandler } from './reactions/tell-members-their-saved-search-matched.handler';
import { TellEveryoneWaitingItWasPickedUpHandler } from './reactions/tell-everyone-waiting-it-was-picked-up.handler';
import { StopPushesOfEndedSessionsHandler } from './reactions/stop-pushes-of-ended-sessions.handler';
import { AlertsRepository } from './store/alerts.repository';
import { MembersRepository } from './store/members.repository';
import { NotificationsRepository } from './store/notifications.repository';
import { LiveSignals } from './store/live-signals';
import { NotificationsService } from './store/notifications.service';

@Module({})
export class NotificationsModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [NotificationsController],
      providers: [
        LiveSignals,
        NotificationsService,
        DeliveryService,
        DeliveriesRepository,
        PushService,
        DigestService,
        AlertsRepository,
        NotificationsRepository,
        MembersRepository,
        NotifyFromEventsHandler,
        TellRecipientOfHandoverMessageHandler,
        TellMembersOfModerationHandler,
        TellMemberTheirRedemptionWasDecidedHandler,
        TellNextInQueueTheyAreUpHandler,
        TellEveryoneWaitingItWasPickedUpHandler,
        TellMembersTheirSavedSearchMatchedHandler,
        StopPushesOfEndedSessionsHandler,
      ],
    };
  }
}

/** Notification store and fan-out from events (docs/architecture.md). */
export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  entities: [],
  migrations: [
    CreateNotifications1763800000400,
    NearbyAlerts1763800000401,
    LiveStream1763800000402,
    AlertsAsOfTheirTime1763800000450,
    CreateIdempotencyKeysTable1764000000000,
    Delivery1764200000700,
    InAppTiming1764400000703,
    DeliveryJobs1764700000706,
    MemberReach1764800000708,
    ReachBands1764900000709,
    AlertingPosts1765000000710,
    PushSessions1765100000711,
    ProMembersFirst1765200000712,
  ],
  module: (runtime) => NotificationsModule.register(runtime),
};
