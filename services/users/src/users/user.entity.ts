import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RankName, SubscriptionTier } from '@curbside/contracts';

@Entity('users')
export class UserEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  username: string;

  @Column('text', { name: 'first_name', nullable: true })
  firstName: string | null;

  /** Read model of the rewards ledger: the balance and rank as of ledger version `pointsVersion`. */
  @Column('int')
  points: number;

  @Column('text')
  rank: RankName;

  @Column('int', { name: 'points_version' })
  pointsVersion: number;

  @Column('text', { array: true })
  badges: string[];

  @Column('boolean', { name: 'scout_mode' })
  scoutMode: boolean;

  @Column('boolean', { name: 'is_verified' })
  isVerified: boolean;

  @Column('boolean', { name: 'has_comment_feature' })
  hasCommentFeature: boolean;

  @Column('text', { name: 'subscription_tier' })
  subscriptionTier: SubscriptionTier;

  @Column('text', { name: 'profile_picture', nullable: true })
  profilePicture: string | null;

  /** The member chose to show the name Curbside made up rather than their first name. */
  @Column('boolean', { name: 'use_generated_name', default: false })
  useGeneratedName: boolean;

  /** The Profile Frame perk was used: a golden frame on the picture wherever it appears. */
  @Column('boolean', { name: 'profile_frame', default: false })
  profileFrame: boolean;

  @Column('text', { name: 'location_radius' })
  locationRadius: string;

  @Column('text', { name: 'notification_radius' })
  notificationRadius: string;

  /** The notification switches of spec §3, stored as one JSON object (defaults in contracts). */
  @Column('jsonb', { name: 'notification_flags' })
  notificationFlags: Record<string, boolean>;

  /** 'off' or 'HH:MM-HH:MM' in the member's time zone; null: the default (DEFAULT_QUIET_HOURS). */
  @Column('text', { name: 'quiet_hours', nullable: true })
  quietHours: string | null;

  /** Where alert e-mails go once confirmed (src/mail); the confirmation token is kept hashed, valid 24 hours. */
  @Column('text', { name: 'alert_email', nullable: true })
  alertEmail: string | null;

  @Column('timestamptz', { name: 'alert_email_confirmed_at', nullable: true })
  alertEmailConfirmedAt: Date | null;

  @Column('text', { name: 'alert_email_token_hash', nullable: true })
  alertEmailTokenHash: string | null;

  @Column('timestamptz', { name: 'alert_email_token_expires_at', nullable: true })
  alertEmailTokenExpiresAt: Date | null;

  /** The secret in every alert mail's one-click unsubscribe link. */
  @Column('text', { name: 'unsubscribe_token', nullable: true })
  unsubscribeToken: string | null;

  /** The account's phone in E.164, set by phone sign-in or verification; one account per phone. */
  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { name: 'verified_name', nullable: true })
  verifiedName: string | null;

  @Column('text', { name: 'verified_email', nullable: true })
  verifiedEmail: string | null;

  @Column('timestamptz', { name: 'verification_date', nullable: true })
  verificationDate: Date | null;

  @Column('timestamptz', { name: 'verification_submitted_at', nullable: true })
  verificationSubmittedAt: Date | null;

  /** Granted only by the operator command (npm run admin:grant), never by a client. */
  @Column('boolean', { name: 'is_admin' })
  isAdmin: boolean;

  /** Reviews reported and flagged content (docs/security.md, Moderation); granted only by the operator command. */
  @Column('boolean', { name: 'is_moderator', default: false })
  isModerator: boolean;

  @Column('boolean', { name: 'sms_subscribed' })
  smsSubscribed: boolean;

  /** Grows with every change other services mirror (user.updated carries it). */
  @Column('int')
  version: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
