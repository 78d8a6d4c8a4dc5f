import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, ServiceDefinition, ServiceRuntime } from '@curbside/platform';
import { AlertTextsService } from './alerts/alert-texts.service';
import { TextedAlertsRepository } from './alerts/texted-alerts.repository';
import { AuthService } from './auth/auth.service';
import { PhoneCodeEntity } from './codes/phone-code.entity';
import { PhoneCodesRepository } from './codes/phone-codes.repository';
import { PhoneCodesService } from './codes/phone-codes.service';
import { CreateUsers1763800000100 } from './migrations/1763800000100-create-users';
import { CodeRequester1763800000102 } from './migrations/1763800000102-code-requester';
import { PhoneIdentity1763800000101 } from './migrations/1763800000101-phone-identity';
import { TextedAlerts1763800000103 } from './migrations/1763800000103-texted-alerts';
import { Blocks1763800000140 } from './migrations/1763800000140-blocks';
import { AlertEmail1764200000701 } from './migrations/1764200000701-alert-email';
import { QuietHours1764200000700 } from './migrations/1764200000700-quiet-hours';
import { EmergencyContacts1764100000610 } from './migrations/1764100000610-emergency-contacts';
import { Moderators1764200000800 } from './migrations/1764200000800-moderators';
import { ProfileFrame1764300000180 } from './migrations/1764300000180-profile-frame';
import { PublicName1764500000180 } from './migrations/1764500000180-public-name';
import { MailRecords1764400000702 } from './migrations/1764400000702-mail-records';
import { AlertMailQueue1764600000704 } from './migrations/1764600000704-alert-mail-queue';
import { UntextedCodes1765000000105 } from './migrations/1765000000105-untexted-codes';
import { TextedCodesIndex1765000000106 } from './migrations/1765000000106-texted-codes-index';
import { SessionLastSeen1765000000107 } from './migrations/1765000000107-session-last-seen';
import { CodesOfADevice1765100000108 } from './migrations/1765100000108-codes-of-a-device';
import { DevicesThatProvedANumber1765100000109 } from './migrations/1765100000109-devices-that-proved-a-number';
import { FramePictureWhenPerkIsUsedHandler } from './reactions/frame-picture-when-perk-is-used.handler';
import { EmergencyContactsRepository } from './users/emergency-contacts.repository';
import { EmergencyContactsService } from './users/emergency-contacts.service';
import { BlocksController } from './blocks/blocks.controller';
import { BlocksRepository } from './blocks/blocks.repository';
import { BlocksService } from './blocks/blocks.service';
import { AlertEmailService } from './mail/alert-email.service';
import { MailRecordsRepository } from './mail/mail-records.repository';
import { mailerProvider } from './mail/mailer';
import { MailAlertsWhenRequestedHandler } from './reactions/mail-alerts-when-requested.handler';
import { TextAlertsWhenRequestedHandler } from './reactions/text-alerts-when-requested.handler';
import { UpdatePointsWhenPointsAreAwardedHandler } from './reactions/update-points-when-points-are-awarded.handler';
import { LapsedSessionsScheduler } from './sessions/lapsed-sessions.scheduler';
import { SessionEntity } from './sessions/session.entity';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { UserEntity } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { VerificationService } from './verification/verification.service';

@Module({})
export class UsersModule {
  static register(runtime: ServiceRuntime): DynamicModule {
    return {
      module: UsersModule,
      imports: [PlatformModule.forService(runtime)],
      controllers: [UsersController, BlocksController],
      providers: [
        UsersRepository,
        UsersService,
        SessionsRepository,
        SessionsService,
        LapsedSessionsScheduler,
        PhoneCodesRepository,
        PhoneCodesService,
        AuthService,
        VerificationService,
        UpdatePointsWhenPointsAreAwardedHandler,
        FramePictureWhenPerkIsUsedHandler,
        TextedAlertsRepository,
        AlertTextsService,
        TextAlertsWhenRequestedHandler,
        BlocksRepository,
        BlocksService,
        EmergencyContactsRepository,
        EmergencyContactsService,
        mailerProvider,
        MailRecordsRepository,
        AlertEmailService,
        MailAlertsWhenRequestedHandler,
      ],
    };
  }
}

/** Users, sessions, phone codes, verification, preferences, admin status (docs/architecture.md). */
export const usersService: ServiceDefinition = {
  name: 'users',
  entities: [UserEntity, SessionEntity, PhoneCodeEntity],
  migrations: [
    CreateUsers1763800000100,
    PhoneIdentity1763800000101,
    CodeRequester1763800000102,
    TextedAlerts1763800000103,
    Blocks1763800000140,
    EmergencyContacts1764100000610,
    QuietHours1764200000700,
    AlertEmail1764200000701,
    Moderators1764200000800,
    ProfileFrame1764300000180,
    MailRecords1764400000702,
    PublicName1764500000180,
    AlertMailQueue1764600000704,
    UntextedCodes1765000000105,
    TextedCodesIndex1765000000106,
    SessionLastSeen1765000000107,
    CodesOfADevice1765100000108,
    DevicesThatProvedANumber1765100000109,
  ],
  module: (runtime) => UsersModule.register(runtime),
};
