import { z } from 'zod';
import { CallReply, defineCall } from '../rpc/call-contract';
import { emergencyLookupCallSchema } from '../emergency/emergency.schemas';
import {
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  successResponseSchema,
  otherSessionsEndedSchema,
  verificationStatusSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from './auth.schemas';
import { emergencyContactRequestSchema, emergencyContactResponseSchema, storedEmergencyContactSchema } from './emergency-contact.schemas';
import { otpCodeSchema, phoneNumberSchema } from './phone';
import {
  adminStatusSchema,
  alertEmailRequestSchema,
  alertEmailResponseSchema,
  createUserRequestSchema,
  emailTokenQuerySchema,
  notificationPreferencesRequestSchema,
  notificationPreferencesSchema,
  profilePictureResponseSchema,
  publicNameRequestSchema,
  scoutModeRequestSchema,
  scoutModeResponseSchema,
  subscriptionRequestSchema,
  userSchema,
  userViewSchema,
} from './user.schemas';
import { AuthError, EmailError, UserError } from './users.errors';

/** The client's address, added by the gateway to the code-sending calls (quotas are per requester and number). */
const requester = { requester: z.string().max(100).optional() };
const sessionTokenSchema = z.object({ token: z.string().min(1) });
const codeSendingErrors = [AuthError.COUNTRY_NOT_SUPPORTED, AuthError.TOO_MANY_CODES, AuthError.CODE_NOT_SENT];

/** The users service's calls; the acting member is always the session's (RpcMeta.callerId), never an id in a body. */
export const UsersCalls = {
  create: defineCall({
    subject: 'users.create',
    request: createUserRequestSchema,
    reply: z.object({ user: userSchema, sessionToken: z.string() }),
    errors: [],
  }),
  get: defineCall({
    subject: 'users.get',
    request: z.object({ userId: z.uuid() }),
    reply: userViewSchema,
    errors: [UserError.NOT_FOUND],
    // The shop asks for a redeemer's plan.
    callers: ['gateway', 'rewards'],
  }),
  resolveSession: defineCall({ subject: 'users.session.resolve', request: sessionTokenSchema, reply: z.object({ userId: z.uuid().nullable() }), errors: [] }),
  revokeSession: defineCall({ subject: 'users.session.revoke', request: sessionTokenSchema, reply: z.object({ success: z.boolean() }), errors: [] }),
  /** Ends every other live session of the token's member (a lost phone, a shared computer); the token's own stays (none ended when it is not live). */
  revokeOtherSessions: defineCall({
    subject: 'users.session.revoke-others',
    request: sessionTokenSchema,
    reply: otherSessionsEndedSchema,
    errors: [],
  }),
  sendLoginCode: defineCall({
    subject: 'users.auth.send-code',
    request: sendCodeRequestSchema.extend(requester),
    reply: sendCodeResponseSchema,
    errors: codeSendingErrors,
  }),
  /** The sign-in answer, and the new session's token for the gateway's cookie when the code was right. */
  verifyLoginCode: defineCall({
    subject: 'users.auth.verify-code',
    request: verifyCodeRequestSchema,
    reply: z.object({ response: verifyCodeResponseSchema, sessionToken: z.string().optional() }),
    errors: [AuthError.INVALID_CODE, AuthError.COUNTRY_NOT_SUPPORTED],
  }),
  startVerification: defineCall({
    subject: 'users.verification.start',
    request: z.object({ name: z.string().trim().min(1).max(100), phone: phoneNumberSchema, ...requester }),
    reply: successResponseSchema,
    errors: [...codeSendingErrors, UserError.NOT_FOUND, UserError.PHONE_TAKEN],
  }),
  confirmVerification: defineCall({
    subject: 'users.verification.confirm',
    request: z.object({ phone: phoneNumberSchema, code: otpCodeSchema }),
    reply: successResponseSchema,
    errors: [AuthError.INVALID_CODE, AuthError.COUNTRY_NOT_SUPPORTED, UserError.NOT_FOUND, UserError.PHONE_TAKEN],
  }),
  verificationStatus: defineCall({
    subject: 'users.verification.status',
    request: z.object({}),
    reply: verificationStatusSchema,
    errors: [UserError.NOT_FOUND],
  }),
  setScoutMode: defineCall({
    subject: 'users.scout-mode',
    request: scoutModeRequestSchema,
    reply: scoutModeResponseSchema,
    errors: [UserError.NOT_FOUND, UserError.VERIFICATION_REQUIRED],
  }),
  setPublicName: defineCall({ subject: 'users.public-name', request: publicNameRequestSchema, reply: userSchema, errors: [UserError.NOT_FOUND] }),
  updatePreferences: defineCall({
    subject: 'users.notification-preferences',
    request: notificationPreferencesRequestSchema,
    reply: notificationPreferencesSchema,
    errors: [UserError.NOT_FOUND, UserError.PLAN_REQUIRED],
  }),
  setSubscription: defineCall({ subject: 'users.subscription', request: subscriptionRequestSchema, reply: userSchema, errors: [UserError.NOT_FOUND] }),
  adminStatus: defineCall({
    subject: 'users.admin-status',
    request: z.object({}),
    reply: adminStatusSchema,
    errors: [UserError.NOT_FOUND],
    // The services that act for admins only ask it of the caller the gateway named.
    callers: ['gateway', 'items', 'rewards', 'emergency'],
  }),
  setProfilePicture: defineCall({
    subject: 'users.profile-picture',
    request: z.object({ url: z.string().startsWith('/api/media/') }),
    /** `replaced`: the picture it took the place of, which nothing shows any more (the gateway deletes it). */
    reply: profilePictureResponseSchema.extend({ replaced: z.string().nullable() }),
    errors: [UserError.NOT_FOUND],
  }),
  /** Only the emergency service asks, after its own admin, password and reason checks (never the gateway). */
  emergencyLookup: defineCall({
    subject: 'users.emergency-lookup',
    request: emergencyLookupCallSchema,
    reply: userSchema.extend({ emergencyContact: storedEmergencyContactSchema.nullable() }),
    errors: [UserError.NOT_FOUND],
    callers: ['emergency'],
  }),
  /** The session's member's own emergency contact (the gateway checked the path's id). */
  emergencyContact: defineCall({
    subject: 'users.emergency-contact',
    request: z.object({}),
    reply: emergencyContactResponseSchema,
    errors: [UserError.NOT_FOUND],
  }),
  setEmergencyContact: defineCall({
    subject: 'users.set-emergency-contact',
    request: emergencyContactRequestSchema,
    reply: emergencyContactResponseSchema,
    errors: [UserError.NOT_FOUND],
  }),
  /** The session's member's alert e-mail address: kept unconfirmed, and a confirmation link mailed to it. */
  setAlertEmail: defineCall({
    subject: 'users.set-alert-email',
    request: alertEmailRequestSchema,
    reply: alertEmailResponseSchema,
    errors: [UserError.NOT_FOUND, EmailError.TOO_MANY_MAILS],
  }),
  /** A confirmation link (no session needed: the token is the proof). */
  confirmAlertEmail: defineCall({
    subject: 'users.confirm-alert-email',
    request: emailTokenQuerySchema,
    reply: alertEmailResponseSchema,
    errors: [EmailError.LINK_INVALID],
  }),
  /** One-click unsubscribe (RFC 8058) from an alert e-mail: e-mail alerts switched off. */
  unsubscribeAlertEmail: defineCall({
    subject: 'users.unsubscribe-alert-email',
    request: emailTokenQuerySchema,
    reply: z.object({ unsubscribed: z.boolean() }),
    errors: [EmailError.LINK_INVALID],
  }),
};

export type CreateUserReply = CallReply<typeof UsersCalls.create>;
