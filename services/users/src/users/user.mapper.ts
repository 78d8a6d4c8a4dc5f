import { NOTIFICATION_FLAG_DEFAULTS, NotificationFlags, PublicUser, User } from '@curbside/contracts';
import type { UserEntity } from './user.entity';

export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    username: user.username,
    points: user.points,
    rank: user.rank,
    badges: user.badges,
    scoutMode: user.scoutMode,
    subscriptionTier: user.subscriptionTier,
  };
}

export function toUser(user: UserEntity): User {
  const flags = { ...NOTIFICATION_FLAG_DEFAULTS, ...user.notificationFlags } as NotificationFlags;
  return {
    ...toPublicUser(user),
    firstName: user.firstName,
    isVerified: user.isVerified,
    hasCommentFeature: user.hasCommentFeature,
    profilePicture: user.profilePicture,
    locationRadius: user.locationRadius,
    notificationRadius: user.notificationRadius,
    createdAt: user.createdAt.toISOString(),
    ...flags,
  };
}

export function toSnapshot(user: UserEntity) {
  return {
    userId: user.id,
    username: user.username,
    subscriptionTier: user.subscriptionTier,
    scoutMode: user.scoutMode,
    isVerified: user.isVerified,
    version: user.version,
  };
}
