import { Controller } from '@nestjs/common';
import { adminStatusSchema, CallRequest, Calls, CreateUserReply, UserView } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { z } from 'zod';
import { AuthService } from '../auth/auth.service';
import { SessionsService } from '../sessions/sessions.service';
import { VerificationService } from '../verification/verification.service';
import { EmergencyContactsService } from './emergency-contacts.service';
import { AlertEmailService } from '../mail/alert-email.service';
import { UsersService } from './users.service';

/** Request/reply handlers; the acting user is always the session's (callerOf), never an id in the body. */
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly auth: AuthService,
    private readonly verification: VerificationService,
    private readonly contacts: EmergencyContactsService,
    private readonly mail: AlertEmailService,
  ) {}

  @Handles(Calls.users.setAlertEmail)
  setAlertEmail(request: CallRequest<typeof Calls.users.setAlertEmail>) {
    return this.mail.setAddress(callerOf(request), request.body.email);
  }

  /** Public: the token from the mail is the proof. */
  @Handles(Calls.users.confirmAlertEmail)
  confirmAlertEmail(request: CallRequest<typeof Calls.users.confirmAlertEmail>) {
    return this.mail.confirm(request.body.token);
  }

  /** Public: the token from the mail is the proof. */
  @Handles(Calls.users.unsubscribeAlertEmail)
  unsubscribeAlertEmail(request: CallRequest<typeof Calls.users.unsubscribeAlertEmail>) {
    return this.mail.unsubscribe(request.body.token);
  }

  @Handles(Calls.users.create)
  create(request: CallRequest<typeof Calls.users.create>): Promise<CreateUserReply> {
    return this.users.create(request.body);
  }

  @Handles(Calls.users.get)
  get(request: CallRequest<typeof Calls.users.get>): Promise<UserView> {
    const { userId } = request.body;
    return this.users.get(userId, request.meta.callerId);
  }

  @Handles(Calls.users.resolveSession)
  async resolveSession(request: CallRequest<typeof Calls.users.resolveSession>): Promise<{ userId: string | null }> {
    const { token } = request.body;
    return { userId: await this.sessions.resolve(token) };
  }

  @Handles(Calls.users.revokeSession)
  async revokeSession(request: CallRequest<typeof Calls.users.revokeSession>): Promise<{ success: boolean }> {
    await this.sessions.revoke(request.body.token);
    return { success: true };
  }

  @Handles(Calls.users.revokeOtherSessions)
  revokeOtherSessions(request: CallRequest<typeof Calls.users.revokeOtherSessions>) {
    return this.sessions.revokeOthers(request.body.token);
  }

  @Handles(Calls.users.sendLoginCode)
  sendLoginCode(request: CallRequest<typeof Calls.users.sendLoginCode>) {
    const body = request.body;
    return this.auth.sendLoginCode(body.phoneNumber, body.requester, request.meta.device);
  }

  @Handles(Calls.users.verifyLoginCode)
  verifyLoginCode(request: CallRequest<typeof Calls.users.verifyLoginCode>) {
    return this.auth.verifyLoginCode(request.body, request.meta.device);
  }

  @Handles(Calls.users.startVerification)
  startVerification(request: CallRequest<typeof Calls.users.startVerification>) {
    const body = request.body;
    return this.verification.start(callerOf(request), body.name, body.phone, body.requester, request.meta.device);
  }

  @Handles(Calls.users.confirmVerification)
  confirmVerification(request: CallRequest<typeof Calls.users.confirmVerification>) {
    const body = request.body;
    return this.verification.confirm(callerOf(request), body.phone, body.code, request.meta.device);
  }

  @Handles(Calls.users.verificationStatus)
  verificationStatus(request: CallRequest<typeof Calls.users.verificationStatus>) {
    return this.verification.status(callerOf(request));
  }

  @Handles(Calls.users.setScoutMode)
  setScoutMode(request: CallRequest<typeof Calls.users.setScoutMode>) {
    return this.users.setScoutMode(callerOf(request), request.body.scoutMode);
  }

  @Handles(Calls.users.setPublicName)
  setPublicName(request: CallRequest<typeof Calls.users.setPublicName>) {
    return this.users.setPublicName(callerOf(request), request.body.useGeneratedName);
  }

  @Handles(Calls.users.updatePreferences)
  updatePreferences(request: CallRequest<typeof Calls.users.updatePreferences>) {
    return this.users.updatePreferences(callerOf(request), request.body);
  }

  @Handles(Calls.users.setSubscription)
  setSubscription(request: CallRequest<typeof Calls.users.setSubscription>) {
    return this.users.setSubscription(callerOf(request), request.body.tier);
  }

  @Handles(Calls.users.adminStatus)
  adminStatus(request: CallRequest<typeof Calls.users.adminStatus>): Promise<z.infer<typeof adminStatusSchema>> {
    return this.users.adminStatus(callerOf(request));
  }

  /** Only the emergency service asks, after its own admin, password and reason checks (never the gateway). */
  @Handles(Calls.users.emergencyLookup)
  emergencyLookup(request: CallRequest<typeof Calls.users.emergencyLookup>) {
    return this.contacts.lookup(request.body);
  }

  @Handles(Calls.users.emergencyContact)
  emergencyContact(request: CallRequest<typeof Calls.users.emergencyContact>) {
    return this.contacts.get(callerOf(request));
  }

  @Handles(Calls.users.setEmergencyContact)
  setEmergencyContact(request: CallRequest<typeof Calls.users.setEmergencyContact>) {
    return this.contacts.set(callerOf(request), request.body);
  }

  @Handles(Calls.users.setProfilePicture)
  setProfilePicture(request: CallRequest<typeof Calls.users.setProfilePicture>) {
    return this.users.setProfilePicture(callerOf(request), request.body.url);
  }
}
