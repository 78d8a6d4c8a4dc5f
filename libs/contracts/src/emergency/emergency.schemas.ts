import { z } from 'zod';
import { BADGE_NAMES } from '../rewards/badges';
import { RANK_NAMES } from '../rewards/ranks';
import { storedEmergencyContactSchema } from '../users/emergency-contact.schemas';
import { userSchema } from '../users/user.schemas';

/**
 * POST /api/emergency/access. Deliberately loose at the door: every attempt, even one with a blank reason or
 * no target, reaches the emergency service so that it is refused there with its own audit entry.
 */
export const emergencyAccessRequestSchema = z.object({
  adminUserId: z.string().max(100).optional(),
  targetUserId: z.string().max(100).optional(),
  searchType: z.enum(['id', 'phone'], { error: 'searchType must be id or phone' }).default('id'),
  reason: z.string().max(2000, { error: 'Reason must be at most 2000 characters' }).optional(),
  lawEnforcementCase: z.string().max(200, { error: 'Case number must be at most 200 characters' }).optional(),
});
export type EmergencyAccessRequest = z.infer<typeof emergencyAccessRequestSchema>;

/**
 * POST /api/emergency/unlock: the emergency password opens a 10-minute elevation of this session (docs/security.md).
 * Lookups and the access log then ask for the elevation, never for the password again.
 */
export const emergencyUnlockRequestSchema = z.object({
  adminUserId: z.string().max(100).optional(),
  adminPassword: z.string().max(1000).optional(),
});
export type EmergencyUnlockRequest = z.infer<typeof emergencyUnlockRequestSchema>;

export const emergencyUnlockResponseSchema = z.object({ expiresAt: z.string() });
export type EmergencyUnlockResponse = z.infer<typeof emergencyUnlockResponseSchema>;

/** How long an unlock lasts. */
export const EMERGENCY_ELEVATION_MINUTES = 10;
/** Lookups one unlock allows: past them the elevation ends and the password is asked again (each unlock audited). */
export const EMERGENCY_LOOKUPS_PER_UNLOCK = 10;

/**
 * What the gateway adds to each emergency call: a hash of the caller's session token (never the token), so the
 * elevation is bound to the session that unlocked it; null without a session cookie.
 */
const sessionBound = { sessionKey: z.string().max(200).nullable() };
export const emergencyUnlockCallSchema = emergencyUnlockRequestSchema.extend(sessionBound);
export const emergencyAccessCallSchema = emergencyAccessRequestSchema.extend(sessionBound);

export const emergencyActivitySchema = z.object({
  points: z.number().int(),
  earnedPoints: z.number().int(),
  rank: z.enum(RANK_NAMES),
  scoutMode: z.boolean(),
  badges: z.array(z.enum(BADGE_NAMES)),
});

export const emergencySettingsSchema = z.object({
  locationRadius: z.string(),
  notificationRadius: z.string(),
  enableSmsNotifications: z.boolean(),
  smsSubscribed: z.boolean(),
});

export const recentActivitySchema = z.object({ id: z.string(), activityType: z.string(), description: z.string(), createdAt: z.string() });
export type RecentActivity = z.infer<typeof recentActivitySchema>;

export const recentItemSchema = z.object({ id: z.uuid(), title: z.string(), status: z.string(), createdAt: z.string() });

/** A member's last reported position, the one nearby alerts are decided by (kept by the notifications service). */
export const reportedPositionSchema = z.object({ lat: z.number(), lng: z.number(), reportedAt: z.string() });
export type ReportedPosition = z.infer<typeof reportedPositionSchema>;

/** The parts of a lookup another service supplies; a part whose service did not answer is named in `unavailable`. */
export const EMERGENCY_PARTS = ['activity', 'recentActivity', 'recentItems', 'lastPosition'] as const;

export const emergencyAccessResponseSchema = z.object({
  user: userSchema,
  activity: emergencyActivitySchema.nullable(),
  settings: emergencySettingsSchema,
  recentActivity: z.array(recentActivitySchema),
  recentItems: z.array(recentItemSchema),
  /** Null when the member never reported one, or when the notifications service did not answer (then in `unavailable`). */
  lastPosition: reportedPositionSchema.nullable(),
  /** The contact the member added in settings, or null. */
  emergencyContact: storedEmergencyContactSchema.nullable(),
  unavailable: z.array(z.enum(EMERGENCY_PARTS)),
  auditEntryId: z.uuid(),
});
export type EmergencyAccessResponse = z.infer<typeof emergencyAccessResponseSchema>;

export const emergencyLogsQuerySchema = z.object({ adminUserId: z.uuid({ error: 'adminUserId must be a valid id' }).optional() });
export const emergencyLogsCallSchema = emergencyLogsQuerySchema.extend(sessionBound);

export const emergencyLogEntrySchema = z.object({
  id: z.uuid(),
  targetUserId: z.uuid().nullable(),
  reason: z.string(),
  lawEnforcementCase: z.string().nullable(),
  outcome: z.enum(['granted', 'refused', 'locked']),
  timestamp: z.string(),
});
export type EmergencyLogEntry = z.infer<typeof emergencyLogEntrySchema>;

/** The emergency tool's answers (spec §8 titles: 'Access Denied', 'Invalid admin password', 'Missing Information'). */
export const EmergencyMessages = {
  notAdmin: 'Access Denied: emergency access is for administrators only.',
  wrongPassword: 'Invalid admin password',
  locked: (minutes: number) => `Too many wrong passwords: emergency access is locked for you for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
  missingInformation: 'Please provide target user ID or phone number and reason',
  badPhone: 'That phone number cannot be looked up: enter it with its area code.',
  targetNotFound: 'No user found with that ID or phone number',
  elevationRequired: 'Emergency access is locked: enter the emergency password again (it opens the tool for 10 minutes).',
  lookupLimit: (lookups: number) => `You looked up ${lookups} members with this unlock: enter the emergency password again to look up more.`,
  disabled: 'Emergency access is turned off on this server: no emergency password is configured (EMERGENCY_PASSWORD_HASH).',
} as const;

/** Service-to-service: the full record of the user an emergency lookup is about. */
export const emergencyLookupCallSchema = z.union([z.object({ userId: z.uuid() }), z.object({ phone: z.string() })]);
