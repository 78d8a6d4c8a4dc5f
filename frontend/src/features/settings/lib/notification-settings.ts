import type { NotificationFlags, NotificationPreferencesRequest, User } from '@curbside/contracts';
import {
  DEFAULT_QUIET_HOURS,
  DIGEST_LOCAL_HOUR,
  EMAIL_ALERT_TIERS,
  ITEM_ALERT_DELAY_MINUTES,
  parseQuietHours,
  SMS_ALERT_TIERS,
} from '@curbside/contracts/client';
import { GARAGE_SALE_TIERS, planOf, type Tier } from '../../../lib/plans/plans';

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
  { key: 'enablePushNotifications', label: 'Push notifications', hint: 'On the devices you turn them on for' },
  { key: 'enableEmailNotifications', label: 'E-mail notifications', hint: 'To your confirmed e-mail address' },
  { key: 'enableSmsNotifications', label: 'SMS notifications', hint: 'Text messages to your phone' },
];

type DeliveryKey = 'enablePushNotifications' | 'enableEmailNotifications' | 'enableSmsNotifications';

/** What item alerts' timing is on a plan (docs/product-rules.md, "Alert timing and channels"). */
function itemTiming(tier: Tier): string {
  const minutes = ITEM_ALERT_DELAY_MINUTES[tier];
  if (tier === 'pro') return 'Item alerts at once, sent first';
  return minutes > 0 ? `Item alerts ${minutes} minutes after the post` : 'Item alerts at once';
}

/** When item alerts reach this member at all, in the app as beyond it (the server holds them until then). */
export function alertsTiming(tier: string | null | undefined): string {
  return `${itemTiming(planOf(tier).tier)}, in the app as everywhere else; everything else at once.`;
}

/**
 * What a delivery channel does for a member on this plan, said under its switch; `locked` when the plan does not
 * include it at all (its switch opens the Plans dialog). The server decides the same (services/notifications, delivery).
 */
export function channelPromise(key: DeliveryKey, tier: string | null | undefined): { text: string; locked: boolean } {
  const plan = planOf(tier);
  switch (key) {
    case 'enablePushNotifications':
      return { text: `${itemTiming(plan.tier)}; holds, pickups and messages at once.`, locked: false };
    case 'enableEmailNotifications':
      return EMAIL_ALERT_TIERS.includes(plan.tier)
        ? { text: `Each alert to your confirmed address. ${itemTiming(plan.tier)}.`, locked: false }
        : { text: `One digest a day at ${DIGEST_LOCAL_HOUR}:00 with the day's alerts. Single e-mails come with Basic and up.`, locked: false };
    case 'enableSmsNotifications':
      return SMS_ALERT_TIERS.includes(plan.tier)
        ? { text: `Texts to your phone, at most 4 an hour, never in quiet hours. ${itemTiming(plan.tier)}.`, locked: false }
        : { text: 'Text alerts come with the Basic plan and up.', locked: true };
  }
}

export const DEFAULT_QUIET_START = DEFAULT_QUIET_HOURS.start;
export const DEFAULT_QUIET_END = DEFAULT_QUIET_HOURS.end;

export interface QuietHours {
  on: boolean;
  start: string;
  end: string;
}

/** '22:00-07:00' or 'off' as the dialog edits it (off keeps the default times to turn back on with). */
export function quietHoursOf(value: string | null | undefined): QuietHours {
  const window = parseQuietHours(value);
  return window ? { on: true, ...window } : { on: false, start: DEFAULT_QUIET_START, end: DEFAULT_QUIET_END };
}

export interface NotificationSettings {
  flags: NotificationFlags;
  radius: number;
  quietHours: QuietHours;
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
  return { flags, radius: toSliderRadius(user.notificationRadius), quietHours: quietHoursOf(user.quietHours) };
}

/** What is saved: every switch and the radius; garage sale alerts only on the plans that have them (else off). */
export function preferencesRequest(settings: NotificationSettings, tier: string | null | undefined): NotificationPreferencesRequest {
  return {
    ...settings.flags,
    enableGarageSaleAlerts: canUseGarageSaleAlerts(tier) && settings.flags.enableGarageSaleAlerts,
    enableSmsNotifications: !channelPromise('enableSmsNotifications', tier).locked && settings.flags.enableSmsNotifications,
    notificationRadius: String(settings.radius),
    quietHours: settings.quietHours.on ? `${settings.quietHours.start}-${settings.quietHours.end}` : 'off',
  };
}
