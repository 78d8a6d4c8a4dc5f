import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig, LIVE_CHANNEL, LiveChannel, OBJECT_STORAGE, ObjectStorage } from '@curbside/platform';
import { AuthController } from './auth/auth.controller';
import { VerificationController } from './auth/verification.controller';
import { DocsController } from './docs/docs.controller';
import { EmergencyController } from './emergency/emergency.controller';
import { EmergencyContactController } from './users/emergency-contact.controller';
import { AlertEmailController } from './users/alert-email.controller';
import { GatewayAdmission } from './http/admission';
import { HttpErrorFilter } from './errors/http-error.filter';
import { HealthController } from './health/health.controller';
import { RPC_CLIENT, RpcClient, ServiceClient } from './http/service-client';
import { ItemsController } from './items/items.controller';
import { MessagesController } from './items/messages.controller';
import { SavedSearchesController } from './items/saved-searches.controller';
import { ImpactController } from './items/impact.controller';
import { ModerationController } from './items/moderation.controller';
import { BlocksController } from './users/blocks.controller';
import { LiveController } from './live/live.controller';
import { LiveHub } from './live/live-hub';
import { MediaController } from './media/media.controller';
import { MediaService } from './media/media.service';
import { AUTH_THROTTLER, RateLimitGuard, WRITE_THROTTLER } from './rate-limit/rate-limit.guard';
import { SessionCache } from './session/session-cache';
import { SessionGuard } from './session/session.guard';
import { ImagePipeline } from './uploads/image.pipeline';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsService } from './uploads/uploads.service';
import { NotificationsController } from './notifications/notifications.controller';
import { RewardsController } from './rewards/rewards.controller';
import { UsersController } from './users/users.controller';

export interface GatewayOptions {
  config: AppConfig;
  /** NATS in distributed mode, in memory in embedded mode. */
  rpcClient: RpcClient;
  /** Live signals from the services (new notifications): NATS core in distributed mode, in memory embedded. */
  live: LiveChannel;
  /** Photos: MinIO or a local folder. */
  storage: ObjectStorage;
  /** Rate-limit counters: Redis in distributed mode (shared by replicas), in memory when absent. */
  rateLimitStorage?: ThrottlerStorage;
}

@Module({})
export class GatewayModule {
  static register(options: GatewayOptions): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [
            { name: WRITE_THROTTLER, ttl: 60_000, limit: options.config.RATE_LIMIT_WRITES_PER_MINUTE },
            { name: AUTH_THROTTLER, ttl: 15 * 60_000, limit: options.config.RATE_LIMIT_AUTH_PER_15_MINUTES },
          ],
          storage: options.rateLimitStorage,
          errorMessage: 'Too many requests. Please wait a little and try again.',
        }),
      ],
      controllers: [
        HealthController,
        DocsController,
        UsersController,
        AuthController,
        VerificationController,
        ItemsController,
        MessagesController,
        SavedSearchesController,
        ImpactController,
        ModerationController,
        BlocksController,
        UploadsController,
        MediaController,
        RewardsController,
        EmergencyController,
        EmergencyContactController,
        AlertEmailController,
        NotificationsController,
        LiveController,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: RPC_CLIENT, useValue: options.rpcClient },
        { provide: OBJECT_STORAGE, useValue: options.storage },
        { provide: LIVE_CHANNEL, useValue: options.live },
        LiveHub,
        GatewayAdmission,
        ServiceClient,
        SessionCache,
        ImagePipeline,
        UploadsService,
        MediaService,
        // Guards run in this order: limits first, so floods never reach the session look-up.
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
