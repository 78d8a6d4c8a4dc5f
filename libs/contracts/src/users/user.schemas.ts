import { z } from 'zod';
import { RANK_NAMES } from '../rewards/ranks';

import { QUIET_HOURS_PATTERN, SUBSCRIPTION_TIERS } from '../client/plans';

// Shared with the browser through the zod-free client entry.
export {
  DEFAULT_QUIET_HOURS,
  DEFAULT_QUIET_HOURS_TEXT,
  DIGEST_LOCAL_HOUR,
  EMAIL_ALERT_TIERS,
  GARAGE_SALE_ALERT_TIERS,
  ITEM_ALERT_DELAY_MINUTES,
  parseQuietHours,
  RADIUS_CAP_HEADER,
  SMS_ALERT_TIERS,
  SUBSCRIPTION_TIERS,
  TIER_RADIUS_CAP_MILES,
  type SubscriptionTier,
} from '../client/plans';
export const subscriptionTierSchema = z.enum(SUBSCRIPTION_TIERS);

/** Miles as the spec's string ("2"), between 0.5 and 100. */
export const milesStringSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) >= 0.5 && Number(v) <= 100, 'Radius must be a number of miles between 0.5 and 100');

export const createUserRequestSchema = z.object({
  locationRadius: milesStringSchema.optional(),
  firstName: z.string().trim().min(1, 'Please enter your first name').max(50, 'First name must be under 50 characters').optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const NOTIFICATION_FLAG_DEFAULTS = {
  enableNewItemAlerts: true,
  enableScoutFindAlerts: true,
  enableFirstDibsAlerts: true,
  enablePickupRequestAlerts: true,
  enableRankingAlerts: true,
  enableVotingAlerts: false,
  enablePostExpirationAlerts: true,
  enableGarageSaleAlerts: false,
  enablePushNotifications: true,
  enableEmailNotifications: false,
  enableSmsNotifications: false,
} as const;
export type NotificationFlags = { [K in keyof typeof NOTIFICATION_FLAG_DEFAULTS]: boolean };
export const DEFAULT_NOTIFICATION_RADIUS = '2';
export const DEFAULT_LOCATION_RADIUS = '2';

/** What everybody may see of a user (docs/security.md). */
export const publicUserSchema = z.object({
  id: z.uuid(),
  /** The member's public name (publicName): first name and last initial, or the name Curbside made up. */
  username: z.string(),
  points: z.number().int(),
  rank: z.enum(RANK_NAMES),
  badges: z.array(z.string()),
  scoutMode: z.boolean(),
  subscriptionTier: subscriptionTierSchema,
  /** The Profile Frame perk: a golden frame on the member's picture wherever it appears. */
  profileFrame: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

const flagShape = Object.fromEntries(Object.keys(NOTIFICATION_FLAG_DEFAULTS).map((k) => [k, z.boolean()])) as {
  [K in keyof NotificationFlags]: z.ZodBoolean;
};

/** What the user sees of themselves. */
export const userSchema = publicUserSchema.extend({
  /**
   * Post and scout-find points waiting for the pickup (docs/product-rules.md, "Points"): in neither `points` nor rank
   * yet. Only in the member's own view, from the rewards service; absent when it did not answer.
   */
  pendingPoints: z.number().int().optional(),
  firstName: z.string().nullable(),
  /** The name Curbside made up for the member, shown instead of their first name when they choose it. */
  generatedName: z.string(),
  useGeneratedName: z.boolean(),
  isVerified: z.boolean(),
  verifiedName: z.string().nullable(),
  verifiedEmail: z.string().nullable(),
  verifiedPhone: z.string().nullable(),
  verificationDate: z.string().nullable(),
  smsSubscribed: z.boolean(),
  hasCommentFeature: z.boolean(),
  profilePicture: z.string().nullable(),
  locationRadius: z.string(),
  notificationRadius: z.string(),
  /** 'off' or 'HH:MM-HH:MM' local (default 22:00-07:00): only "You're up" and handover messages leave the app then. */
  quietHours: z.string(),
  /** The address alert e-mails go to, once confirmed through the link mailed to it (null: none given). */
  alertEmail: z.object({ address: z.string(), confirmed: z.boolean() }).nullable(),
  createdAt: z.string(),
  ...flagShape,
});
export type User = z.infer<typeof userSchema>;

export const userViewSchema = z.union([userSchema, publicUserSchema]);
export type UserView = User | PublicUser;

/** The widest alert radius a member may choose, in miles (nearby alerts look no further: services/notifications). */
export const NOTIFICATION_RADIUS_MAX_MILES = 10;
export const NOTIFICATION_RADIUS_MESSAGE = `Notification radius must be between 0.5 and ${NOTIFICATION_RADIUS_MAX_MILES} miles, in steps of 0.5`;
export const GARAGE_SALE_ALERTS_MESSAGE = 'Garage sale alerts are available on the Premium and Pro plans';
/** Texted alerts a member receives in an hour at most; the rest stay in the app. */
export const SMS_ALERTS_PER_HOUR = 4;

const notificationRadiusSchema = z
  .union([z.string(), z.number()], { error: NOTIFICATION_RADIUS_MESSAGE })
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v >= 0.5 && v <= NOTIFICATION_RADIUS_MAX_MILES && Number.isInteger(v * 2), NOTIFICATION_RADIUS_MESSAGE)
  .transform((v) => String(v));

const flagInputs = Object.fromEntries(Object.keys(NOTIFICATION_FLAG_DEFAULTS).map((k) => [k, z.boolean().optional()])) as {
  [K in keyof NotificationFlags]: z.ZodOptional<z.ZodBoolean>;
};

export const QUIET_HOURS_MESSAGE = 'Quiet hours must be "off" or a start and end time, e.g. 22:00-07:00';
/** 'off', or the local start and end ('HH:MM-HH:MM', may cross midnight; equal times: never quiet). */
export const quietHoursSchema = z.string({ error: QUIET_HOURS_MESSAGE }).regex(QUIET_HOURS_PATTERN, QUIET_HOURS_MESSAGE);

/** PATCH notification-preferences: any of the eleven switches, the radius and the quiet hours; what is left out stays. */
export const notificationPreferencesRequestSchema = z.object({
  ...flagInputs,
  notificationRadius: notificationRadiusSchema.optional(),
  quietHours: quietHoursSchema.optional(),
});
export type NotificationPreferencesRequest = z.infer<typeof notificationPreferencesRequestSchema>;
export const notificationPreferencesSchema = z.object({ ...flagShape, notificationRadius: z.string(), quietHours: z.string() });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Without a value the switch flips. */
export const publicNameRequestSchema = z.object({ useGeneratedName: z.boolean({ error: 'useGeneratedName must be true or false' }) });
export type PublicNameRequest = z.infer<typeof publicNameRequestSchema>;
export const scoutModeRequestSchema = z.object({ scoutMode: z.boolean().optional() });
export const scoutModeResponseSchema = z.object({ scoutMode: z.boolean() });
export const subscriptionRequestSchema = z.object({ tier: subscriptionTierSchema });
/** The caller's roles, both granted only by the operator command (npm run admin:grant). */
export const adminStatusSchema = z.object({ isAdmin: z.boolean(), isModerator: z.boolean() });
export type AdminStatus = z.infer<typeof adminStatusSchema>;
export const profilePictureResponseSchema = z.object({ profilePicture: z.string() });

/** PUT /api/users/{id}/email: the address for alert e-mails; a confirmation link goes to it, nothing else until it is used. */
export const alertEmailRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter an e-mail address' })
    .trim()
    .max(254, 'That e-mail address is too long')
    .email('Please enter a valid e-mail address')
    .transform((v) => v.toLowerCase()),
});
export type AlertEmailRequest = z.infer<typeof alertEmailRequestSchema>;
export const alertEmailResponseSchema = z.object({ address: z.string(), confirmed: z.boolean() });
/** A confirmation or unsubscribe link's token (from the mail; 43 base64url characters). */
export const emailTokenQuerySchema = z.object({
  token: z.string({ error: 'The link is incomplete' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is incomplete'),
});
/** How long a confirmation link works. */
export const EMAIL_CONFIRMATION_HOURS = 24;
/**
 * Confirmation mails one address receives in EMAIL_CONFIRMATION_HOURS at most, whoever asks: nobody can use the
 * app to flood a stranger's inbox with them.
 */
export const CONFIRMATION_MAILS_PER_ADDRESS = 3;
