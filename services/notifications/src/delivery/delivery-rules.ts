import {
  EMAIL_ALERT_TIERS,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationType,
  parseQuietHours,
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
 * When a notification written now shows in the app and may leave it (SQL, evaluated as the row is written, into
 * `visible_at`): item alerts (PLAN_TIMED_TYPES) on the plan the member had when the post happened, counted from the
 * post (free `freeSeconds`, basic `basicSeconds`, premium and pro at once); every other type, and alerts that asked
 * to be immediate, now. Never before now: an alert written late (settings that arrived late) shows at once.
 * `alert` names SQL expressions of the row being written.
 */
export function visibleAtSql(alert: { type: string; tier: string; occurredAt: string; immediate: string }, delays: PlanDelays): string {
  const timed = PLAN_TIMED_TYPES.map((t) => `'${t}'`).join(', ');
  const seconds = `CASE ${alert.tier} WHEN 'free' THEN ${Number(delays.freeSeconds)} WHEN 'basic' THEN ${Number(delays.basicSeconds)} ELSE 0 END`;
  return `CASE WHEN ${alert.immediate} OR ${alert.type} NOT IN (${timed}) THEN now()
    ELSE greatest(now(), ${alert.occurredAt} + make_interval(secs => ${seconds})) END`;
}

/** Who goes first among alerts due at the same time: pro, then alerts that asked to be immediate, then the rest. */
export function deliveryRank(alert: { tier: SubscriptionTier; immediate: boolean }): number {
  return alert.tier === 'pro' ? 0 : alert.immediate ? 1 : 2;
}

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

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls in the member's quiet hours (start inclusive, end exclusive; they may cross midnight). */
export function inQuietHours(at: Date, timeZone: string, quietHours: string | null): boolean {
  const window = parseQuietHours(quietHours);
  if (!window) return false;
  const [start, end] = [clockMinutes(window.start), clockMinutes(window.end)];
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
