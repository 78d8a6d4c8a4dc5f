import {
  DEFAULT_QUIET_HOURS,
  EMAIL_ALERT_TIERS,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationType,
  PLAN_TIMED_TYPES,
  QUIET_HOURS_TYPES,
  SMS_ALERT_TIERS,
  SubscriptionTier,
} from '@curbside/contracts';

/** The channels beyond the app: the app itself (store + live stream) always has every notification. */
export type Channel = 'push' | 'email' | 'sms';

/** Seconds after an item's post that free and basic members' item alerts wait (config; the plans say 15 and 5 minutes). */
export interface PlanDelays {
  freeSeconds: number;
  basicSeconds: number;
}

/**
 * How long a just-written notification waits before it leaves the app: item alerts on the member's plan's timing,
 * counted from when the post happened; everything else, and alerts that asked for it, at once.
 */
export function deliveryDelayMs(
  alert: { type: NotificationType; tier: SubscriptionTier; occurredAt: Date; immediate: boolean },
  delays: PlanDelays,
  now: Date,
): number {
  if (alert.immediate || !PLAN_TIMED_TYPES.includes(alert.type)) return 0;
  const seconds = alert.tier === 'free' ? delays.freeSeconds : alert.tier === 'basic' ? delays.basicSeconds : 0;
  return Math.max(0, alert.occurredAt.getTime() + seconds * 1000 - now.getTime());
}

/** Who goes first among alerts due at the same time: pro, then alerts that asked to be immediate, then the rest. */
export function deliveryRank(alert: { tier: SubscriptionTier; immediate: boolean }): number {
  return alert.tier === 'pro' ? 0 : alert.immediate ? 1 : 2;
}

const QUIET_HOURS = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
/** A member's quiet hours as kept: 'off', 'HH:MM-HH:MM', or null for the default. */
export const DEFAULT_QUIET_HOURS_TEXT = `${DEFAULT_QUIET_HOURS.start}-${DEFAULT_QUIET_HOURS.end}`;

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** Minutes since local midnight in the time zone (UTC when the zone is unknown). */
export function localMinutes(at: Date, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Whether `at` falls in the member's quiet hours (start inclusive, end exclusive; they may cross midnight). */
export function inQuietHours(at: Date, timeZone: string, quietHours: string | null): boolean {
  const match = QUIET_HOURS.exec(quietHours ?? DEFAULT_QUIET_HOURS_TEXT);
  if (!match) return false;
  const start = Number(match[1]) * 60 + Number(match[2]);
  const end = Number(match[3]) * 60 + Number(match[4]);
  if (start === end) return false;
  const now = localMinutes(at, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** What the delivery knows of a member when an alert is due. */
export interface MemberAtDelivery {
  tier: SubscriptionTier;
  flags: Partial<Record<keyof typeof NOTIFICATION_FLAG_DEFAULTS, boolean>> | null;
  quietHours: string | null;
  timeZone: string;
}

const switchOn = (member: MemberAtDelivery, flag: keyof typeof NOTIFICATION_FLAG_DEFAULTS) => member.flags?.[flag] ?? NOTIFICATION_FLAG_DEFAULTS[flag];

/**
 * The channels an alert goes out on when it is due (the alert-type switch already decided that it exists): each
 * channel's own switch and plan; during quiet hours only "You're up" and handover messages leave the app, and
 * never by text. Free members' e-mail is the daily digest, not single mails.
 */
export function channelsFor(type: NotificationType, member: MemberAtDelivery, at: Date): Channel[] {
  const quiet = inQuietHours(at, member.timeZone, member.quietHours);
  if (quiet && !QUIET_HOURS_TYPES.includes(type)) return [];
  const channels: Channel[] = [];
  if (switchOn(member, 'enablePushNotifications')) channels.push('push');
  if (switchOn(member, 'enableEmailNotifications') && EMAIL_ALERT_TIERS.includes(member.tier)) channels.push('email');
  if (!quiet && switchOn(member, 'enableSmsNotifications') && SMS_ALERT_TIERS.includes(member.tier)) channels.push('sms');
  return channels;
}
