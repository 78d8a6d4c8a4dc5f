import {
  DEFAULT_QUIET_HOURS_TEXT,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationFlags,
  NotificationPreferences,
  PublicUser,
  User,
  publicName,
} from '@curbside/contracts';
import type { UserEntity } from './user.entity';

export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    username: publicName(user),
    points: user.points,
    rank: user.rank,
    badges: user.badges,
    scoutMode: user.scoutMode,
    subscriptionTier: user.subscriptionTier,
    profileFrame: user.profileFrame ?? false,
  };
}

export function toUser(user: UserEntity): User {
  const flags = { ...NOTIFICATION_FLAG_DEFAULTS, ...user.notificationFlags } as NotificationFlags;
  return {
    ...toPublicUser(user),
    firstName: user.firstName,
    generatedName: user.username,
    useGeneratedName: user.useGeneratedName,
    isVerified: user.isVerified,
    verifiedName: user.verifiedName,
    verifiedEmail: user.verifiedEmail,
    verifiedPhone: user.phone,
    verificationDate: user.verificationDate?.toISOString() ?? null,
    smsSubscribed: user.smsSubscribed,
    hasCommentFeature: user.hasCommentFeature,
    profilePicture: user.profilePicture,
    locationRadius: user.locationRadius,
    notificationRadius: user.notificationRadius,
    quietHours: quietHoursOf(user),
    alertEmail: user.alertEmail ? { address: user.alertEmail, confirmed: user.alertEmailConfirmedAt !== null } : null,
    createdAt: user.createdAt.toISOString(),
    ...flags,
  };
}

export function toPreferences(user: UserEntity): NotificationPreferences {
  return {
    ...({ ...NOTIFICATION_FLAG_DEFAULTS, ...user.notificationFlags } as NotificationFlags),
    notificationRadius: user.notificationRadius,
    quietHours: quietHoursOf(user),
  };
}

/** The member's quiet hours, the default when they never chose. */
function quietHoursOf(user: UserEntity): string {
  return user.quietHours ?? DEFAULT_QUIET_HOURS_TEXT;
}

export function toSnapshot(user: UserEntity) {
  return {
    userId: user.id,
    username: publicName(user),
    subscriptionTier: user.subscriptionTier,
    scoutMode: user.scoutMode,
    isVerified: user.isVerified,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    notificationRadius: user.notificationRadius,
    notificationFlags: { ...NOTIFICATION_FLAG_DEFAULTS, ...user.notificationFlags },
    quietHours: quietHoursOf(user),
    version: user.version,
  };
}
