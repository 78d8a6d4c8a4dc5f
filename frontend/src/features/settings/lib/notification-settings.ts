import type { NotificationFlags, NotificationPreferencesRequest, User } from '@curbside/contracts';
import { GARAGE_SALE_TIERS, type Tier } from '../../plans/lib/plans';

export type FlagKey = keyof NotificationFlags;

/** The notification radius slider of spec §2/§9: 0.5 to 10 miles in steps of 0.5, "2" by default. */
export const RADIUS_MIN = 0.5;
export const RADIUS_MAX = 10;
export const RADIUS_STEP = 0.5;
export const DEFAULT_RADIUS = 2;

/** Said beside the garage sale switch on the plans without it; the server refuses the switch with the same words. */
export const GARAGE_SALE_HINT = 'Garage sale alerts are available on the Premium and Pro plans';

export const ALERT_SWITCHES: ReadonlyArray<{ key: FlagKey; label: string; hint: string }> = [
  { key: 'enableNewItemAlerts', label: 'New item alerts', hint: 'Items posted within your radius' },
  { key: 'enableScoutFindAlerts', label: 'Scout find alerts', hint: 'Quick free finds from Curb Scouts nearby' },
  { key: 'enableFirstDibsAlerts', label: 'First dibs alerts', hint: 'When you get first dibs on an item' },
  { key: 'enablePickupRequestAlerts', label: 'Pickup request alerts', hint: 'When someone wants to pick up your item' },
  { key: 'enableRankingAlerts', label: 'Ranking alerts', hint: 'New ranks and badges' },
  { key: 'enableVotingAlerts', label: 'Voting alerts', hint: 'Reminders to vote for great finds' },
  { key: 'enablePostExpirationAlerts', label: 'Post expiration alerts', hint: 'An hour before your post expires' },
  { key: 'enableGarageSaleAlerts', label: 'Garage sale alerts', hint: 'Garage sales within your radius' },
];

export const DELIVERY_SWITCHES: ReadonlyArray<{ key: FlagKey; label: string; hint: string }> = [
  { key: 'enablePushNotifications', label: 'Push notifications', hint: 'In the app and on this device' },
  { key: 'enableEmailNotifications', label: 'E-mail notifications', hint: 'To your verified e-mail address' },
  { key: 'enableSmsNotifications', label: 'SMS notifications', hint: 'Text messages to your verified phone' },
];

export interface NotificationSettings {
  flags: NotificationFlags;
  radius: number;
}

export function canUseGarageSaleAlerts(tier: string | null | undefined): boolean {
  return GARAGE_SALE_TIERS.includes(tier as Tier);
}

/** A radius on the slider's scale: within 0.5–10 and on a half mile; anything unreadable is the default 2. */
export function toSliderRadius(value: string | number | null | undefined): number {
  const miles = Number(value);
  if (!Number.isFinite(miles) || miles <= 0) return DEFAULT_RADIUS;
  return Math.min(RADIUS_MAX, Math.max(RADIUS_MIN, Math.round(miles * 2) / 2));
}

export function settingsOf(user: User): NotificationSettings {
  const flags = Object.fromEntries([...ALERT_SWITCHES, ...DELIVERY_SWITCHES].map(({ key }) => [key, user[key]])) as NotificationFlags;
  return { flags, radius: toSliderRadius(user.notificationRadius) };
}

/** What is saved: every switch and the radius; garage sale alerts only on the plans that have them (else off). */
export function preferencesRequest(settings: NotificationSettings, tier: string | null | undefined): NotificationPreferencesRequest {
  return {
    ...settings.flags,
    enableGarageSaleAlerts: canUseGarageSaleAlerts(tier) && settings.flags.enableGarageSaleAlerts,
    notificationRadius: String(settings.radius),
  };
}
