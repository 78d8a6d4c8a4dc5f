import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_RADIUS,
  METERS_PER_MILE,
  NOTIFICATION_FLAG_DEFAULTS,
  NOTIFICATION_RADIUS_MAX_MILES,
  NotificationFlags,
  NotificationType,
  SubscriptionTier,
} from '@curbside/contracts';
import { APP_CONFIG, AppConfig, affectedCount, earthDistanceSql } from '@curbside/platform';
import { EntityManager } from 'typeorm';
import { visibleAtSql } from '../delivery/delivery-rules';

/** A notification just written, with what its delivery beyond the app needs (src/delivery). */
export interface WrittenRow {
  id: string;
  user_id: string;
  type: NotificationType;
  tier: SubscriptionTier;
  /** When it shows in the app and may leave it (the plan's timing). */
  visible_at: Date;
  /** Shown later than written: the live stream hears of it when it shows (src/delivery). */
  held: boolean;
}

/** RFC 9562's variant bits (10) over the seq's 64 bits: the top bit set, the next clear while seq < 2^62. */
const VARIANT_BITS = '(-9223372036854775808)::bigint';

/**
 * Inserts the rows `select` gives (columns user_id, type, title, message, data, source_event_id, visible_at) as new notifications,
 * skipping any the member already has for that event and type, and reads back what was written with the members'
 * plans. The rows go in ordered by member, and each gets its place in the live stream (seq) in that order and an id
 * made from it (a version 7 UUID: the statement's millisecond, then the seq; notifications_seq_seq is the sequence
 * of the identity column seq, migrations/…402-live-stream.ts), so every index of the table takes them
 * in key order rather than at random places: for a post reaching 100,000 members that is most of the write's cost
 * (bench/README.md, "Scenario `fanout`"). The seq makes each id unique; the conflict target is the one that dedupes.
 */
const insertNotifications = (select: string) => `WITH stamp AS MATERIALIZED (
         SELECT substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                || int2send((28672 + floor(random() * 4096))::int2) AS prefix),
       inserted AS (
         INSERT INTO notifications.notifications (seq, id, user_id, type, title, message, data, source_event_id, visible_at) OVERRIDING SYSTEM VALUE
         SELECT q.seq, encode(stamp.prefix || int8send(q.seq | ${VARIANT_BITS}), 'hex')::uuid, q.user_id, q.type, q.title, q.message, q.data, q.source_event_id, q.visible_at
         FROM (SELECT nextval('notifications.notifications_seq_seq') AS seq, w.*
               FROM (SELECT * FROM (${select}) chosen ORDER BY chosen.user_id) w) q
         CROSS JOIN stamp
         ON CONFLICT (source_event_id, user_id, type) DO NOTHING RETURNING id, user_id, type, visible_at)
       SELECT i.id, i.user_id, i.type, coalesce(m.tier, 'free') AS tier, i.visible_at, i.visible_at > now() AS held
       FROM inserted i LEFT JOIN notifications.members m ON m.user_id = i.user_id`;

/** A notification for one member, kept with the switch it needs and when its event happened. */
export interface PersonalAlert {
  sourceEventId: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  flag: keyof NotificationFlags | null;
  occurredAt: string;
  /** Shows and leaves the app at once whatever the member's plan (a wanted post's author). */
  immediate: boolean;
}

/** An alert to every member around a spot whose own radius holds it (new posts, voting prompts). */
export interface NearbyAlert {
  type: NotificationType;
  title: string;
  /** A format() template: %1$s is the item's title, %2$s the distance in miles. */
  messageTemplate: string;
  itemId: string;
  itemTitle: string;
  lat: number;
  lng: number;
  flag: keyof NotificationFlags;
  /** Only members of these plans (garage-sale alerts); null: everybody. */
  tiers: readonly string[] | null;
  /** Never the poster, nor the neighbour whose act caused the alert. */
  excludeUserIds: string[];
  /** The poster whose new post this alert announces (counted by alertingPostsBefore); none for other alerts. */
  posterId?: string;
}

/** A nearby alert kept with the event it came from, which decides who gets it and when it shows. */
export interface NearbyAlertRecord extends NearbyAlert {
  sourceEventId: string;
  occurredAt: string;
}

/**
 * Alerts, and settings versions superseded, are kept this long: the event stream keeps 30 days (max_age in
 * libs/platform/src/events/nats.event-bus.ts), so no settings version older than that can still arrive to revisit
 * them. Each write forgets what fell out of it, for that member (or, for nearby alerts, everybody).
 */
const KEPT = `now() - interval '30 days'`;

/**
 * Which alerts to decide: those of one event (optionally only for the members whose ids fall in `members`, a slice of
 * the id space, or only for those on Pro as of the event: `'pro'`), or those of one member from a time on (their
 * settings changed then).
 */
export type AlertScope = { eventId: string; members?: MemberSlice | 'pro' } | { userId: string; since: string };

/** Member ids from `from` (inclusive) up to `to` (exclusive; null: to the end). */
export interface MemberSlice {
  from: string;
  to: string | null;
}

/**
 * The id space cut into `count` slices of equal width (by the ids' first 32 bits): member ids are random, so each
 * slice holds about as many members as the next, and together they hold every id exactly once.
 */
export function memberSlices(count: number): MemberSlice[] {
  const at = (i: number) =>
    `${Math.floor((i * 2 ** 32) / count)
      .toString(16)
      .padStart(8, '0')}-0000-0000-0000-000000000000`;
  return Array.from({ length: count }, (_, i) => ({ from: at(i), to: i === count - 1 ? null : at(i + 1) }));
}

/**
 * The member's settings when the alert's event happened (`who` and `when` are SQL of the outer row): the newest
 * version from that time or before. None: the member is not known yet, and the defaults stand until they are.
 */
const settingsAt = (who: string, when: string) => `LEFT JOIN LATERAL (
         SELECT v.flags, v.radius_miles, v.tier FROM notifications.member_versions v
         WHERE v.user_id = ${who} AND v.occurred_at <= ${when} ORDER BY v.version DESC LIMIT 1) s ON true`;

/** Whether switch `flag` (SQL) was on in `s`, the default when the member or the switch is not known. */
const switchedOn = (flag: string, defaults: string) => `coalesce((s.flags ->> ${flag})::boolean, (${defaults}::jsonb ->> ${flag})::boolean)`;

/**
 * Who gets an alert is decided from the member's settings as of the event's time, whichever of the two reached
 * this service first: every alert is recorded, written now if it qualifies with what is known, and decided again
 * for a member whenever a version of their settings arrives (written if it now qualifies, taken back if no longer).
 * So the notifications end the same in any delivery order.
 */
@Injectable()
export class AlertsRepository {
  /** `visible_at` of a personal alert `a` / a nearby alert's recipient `r`, with the member's plan as of the event in `s`. */
  private readonly personalVisibleAt: string;
  private readonly nearbyVisibleAt: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const delays = { freeSeconds: config.ALERT_DELAY_FREE_SECONDS, basicSeconds: config.ALERT_DELAY_BASIC_SECONDS };
    this.personalVisibleAt = visibleAtSql({ type: 'a.type', tier: "coalesce(s.tier, 'free')", occurredAt: 'a.occurred_at', immediate: 'a.immediate' }, delays);
    this.nearbyVisibleAt = visibleAtSql({ type: 'r.type', tier: "coalesce(r.tier_then, 'free')", occurredAt: 'r.occurred_at', immediate: 'false' }, delays);
  }

  async recordMemberVersion(
    manager: EntityManager,
    version: { userId: string; version: number; occurredAt: string; flags: object; radiusMiles: number; tier: string },
  ): Promise<void> {
    await manager.query(
      `WITH superseded AS (
         DELETE FROM notifications.member_versions WHERE user_id = $1 AND version <
           (SELECT max(version) FROM notifications.member_versions WHERE user_id = $1 AND occurred_at < ${KEPT}))
       INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [version.userId, version.version, version.occurredAt, JSON.stringify(version.flags), version.radiusMiles, version.tier],
    );
  }

  async recordPersonal(manager: EntityManager, alert: PersonalAlert): Promise<void> {
    await manager.query(
      `WITH forgotten AS (DELETE FROM notifications.personal_alerts WHERE user_id = $2 AND occurred_at < ${KEPT})
       INSERT INTO notifications.personal_alerts (source_event_id, user_id, type, title, message, data, flag, occurred_at, immediate)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [alert.sourceEventId, alert.userId, alert.type, alert.title, alert.message, JSON.stringify(alert.data), alert.flag, alert.occurredAt, alert.immediate],
    );
  }

  /** The same alert of one event for many members, in one statement (a pickup telling everyone who waited). */
  async recordPersonalForMany(manager: EntityManager, alert: Omit<PersonalAlert, 'userId'>, userIds: string[]): Promise<void> {
    await manager.query(
      `WITH forgotten AS (DELETE FROM notifications.personal_alerts WHERE user_id = ANY ($2::uuid[]) AND occurred_at < ${KEPT})
       INSERT INTO notifications.personal_alerts (source_event_id, user_id, type, title, message, data, flag, occurred_at, immediate)
       SELECT $1, u, $3, $4, $5, $6, $7, $8, $9 FROM unnest($2::uuid[]) u ON CONFLICT DO NOTHING`,
      [alert.sourceEventId, userIds, alert.type, alert.title, alert.message, JSON.stringify(alert.data), alert.flag, alert.occurredAt, alert.immediate],
    );
  }

  async recordNearby(manager: EntityManager, alert: NearbyAlertRecord): Promise<void> {
    await manager.query(
      `WITH forgotten AS (DELETE FROM notifications.nearby_alerts WHERE occurred_at < ${KEPT})
       INSERT INTO notifications.nearby_alerts
         (source_event_id, type, title, message_template, item_id, item_title, lat, lng, flag, tiers, exclude_user_ids, occurred_at, poster_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
      [
        alert.sourceEventId,
        alert.type,
        alert.title,
        alert.messageTemplate,
        alert.itemId,
        alert.itemTitle,
        alert.lat,
        alert.lng,
        alert.flag,
        alert.tiers,
        alert.excludeUserIds,
        alert.occurredAt,
        alert.posterId ?? null,
      ],
    );
  }

  /**
   * How many of the poster's posts raised nearby alerts in the 24 hours before `at` (another post's alert of the same
   * event aside), with the poster locked until the transaction ends: two posts of one poster are counted one at a time.
   */
  async alertingPostsBefore(manager: EntityManager, posterId: string, at: string, eventId: string): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('nearby-alerts-of:' || $1, 0))`, [posterId]);
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(DISTINCT item_id)::int AS n FROM notifications.nearby_alerts
       WHERE poster_id = $1 AND occurred_at > $2::timestamptz - interval '24 hours' AND occurred_at <= $2 AND source_event_id <> $3`,
      [posterId, at, eventId],
    );
    return n;
  }

  /** Writes the personal alerts in scope that qualify and are not written yet. */
  writePersonal(manager: EntityManager, scope: AlertScope): Promise<WrittenRow[]> {
    const [where, params] = personalScope(scope, 2);
    return manager.query(
      insertNotifications(`SELECT a.user_id, a.type, a.title, a.message, a.data, a.source_event_id, ${this.personalVisibleAt} AS visible_at
         FROM notifications.personal_alerts a ${settingsAt('a.user_id', 'a.occurred_at')}
         WHERE ${where} AND (a.flag IS NULL OR ${switchedOn('a.flag', '$1')})`),
      [JSON.stringify(NOTIFICATION_FLAG_DEFAULTS), ...params],
    );
  }

  /**
   * Writes the nearby alerts in scope to every member who qualifies and has not got them yet. `data` is written as
   * JSON text directly (an id and a number need no escaping), which costs less than building a json value per member.
   */
  writeNearby(manager: EntityManager, scope: AlertScope): Promise<WrittenRow[]> {
    const [where, params] = nearbyScope(scope, 2);
    const positions = 'eventId' in scope && scope.members === 'pro' ? proPositions : reachBands;
    return manager.query(
      insertNotifications(`SELECT r.user_id, r.type, r.title, format(r.message_template, r.item_title, r.miles) AS message,
                '{"itemId":"' || r.item_id || '","distance":' || r.miles || '}' AS data, r.source_event_id, ${this.nearbyVisibleAt} AS visible_at
         FROM (${nearbyRecipients(where, '$1', 'a', positions)}) r`),
      [JSON.stringify(NOTIFICATION_FLAG_DEFAULTS), ...params],
    );
  }

  /**
   * How many members' reach band may hold (lat, lng) (reachBands), counted up to `atMost`: enough to tell a post that
   * reaches a city from one that reaches a street, for the cost of a street.
   */
  async membersAround(manager: EntityManager, at: { lat: number; lng: number }, atMost: number): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM (${reachBands('ll_to_earth($1, $2)')}) p LIMIT $3) around`,
      [at.lat, at.lng, atMost],
    );
    return n;
  }

  /** Takes back what a member was sent from `since` on that their settings as of then no longer allow. */
  async retract(manager: EntityManager, userId: string, since: string): Promise<number> {
    const defaults = JSON.stringify(NOTIFICATION_FLAG_DEFAULTS);
    const personal = await affectedCount(
      manager,
      `DELETE FROM notifications.notifications n
       USING notifications.personal_alerts a ${settingsAt('a.user_id', 'a.occurred_at')}
       WHERE a.user_id = $2 AND a.occurred_at >= $3 AND a.flag IS NOT NULL AND NOT ${switchedOn('a.flag', '$1')}
         AND n.source_event_id = a.source_event_id AND n.user_id = a.user_id AND n.type = a.type`,
      [defaults, userId, since],
    );
    const nearby = await affectedCount(
      manager,
      `DELETE FROM notifications.notifications n
       USING notifications.nearby_alerts a
       WHERE n.user_id = $2 AND a.occurred_at >= $3 AND n.source_event_id = a.source_event_id AND n.type = a.type
         AND NOT EXISTS (SELECT 1 FROM (${nearbyRecipients('a2.source_event_id = a.source_event_id AND a2.type = a.type AND p.user_id = $2', '$1', 'a2')}) r)`,
      [defaults, userId, since],
    );
    return personal + nearby;
  }
}

function personalScope(scope: AlertScope, first: number): [string, unknown[]] {
  return 'eventId' in scope
    ? [`a.source_event_id = $${first}`, [scope.eventId]]
    : [`a.user_id = $${first} AND a.occurred_at >= $${first + 1}`, [scope.userId, scope.since]];
}

function nearbyScope(scope: AlertScope, first: number): [string, unknown[]] {
  if (!('eventId' in scope)) return [`p.user_id = $${first} AND a.occurred_at >= $${first + 1}`, [scope.userId, scope.since]];
  if (!scope.members) return [`a.source_event_id = $${first}`, [scope.eventId]];
  if (scope.members === 'pro') return [`a.source_event_id = $${first} AND s.tier = 'pro'`, [scope.eventId]];
  return [
    `a.source_event_id = $${first} AND p.user_id >= $${first + 1}::uuid AND ($${first + 2}::uuid IS NULL OR p.user_id < $${first + 2}::uuid)`,
    [scope.eventId, scope.members.from, scope.members.to],
  ];
}

/**
 * The bands of reach (the widest radius a member's kept settings hold, at least the default: migrations/…708), each
 * with a partial GiST index on the positions in it (migrations/…709-reach-bands.ts, whose predicates these are word
 * for word, so that the planner can use them). The last band ends at the widest radius a member may choose.
 */
const REACH_BANDS: readonly { where: string; miles: number }[] = [
  { where: 'p.reach_miles <= 2', miles: 2 },
  { where: 'p.reach_miles > 2 AND p.reach_miles <= 5', miles: 5 },
  { where: 'p.reach_miles > 5', miles: NOTIFICATION_RADIUS_MAX_MILES },
];

/**
 * The positions (user_id, earth_pos) whose reach may hold `point` (SQL of a cube): in each band, those within the box
 * of the band's widest reach around it, through that band's index. A superset of the members whose own radius holds
 * the point, by at most a band's width; the caller keeps those within their radius.
 */
export const reachBands = (point: string): string =>
  REACH_BANDS.map(
    (band) => `SELECT p.user_id, p.earth_pos FROM notifications.positions p
      WHERE ${band.where} AND earth_box(${point}, ${band.miles * METERS_PER_MILE}) @> p.earth_pos`,
  ).join(' UNION ALL ');

/**
 * The positions (user_id, earth_pos) of members who may have been on Pro at the time of an alert, within the widest
 * reach a member may choose of `point`, through their own partial index (migrations/…712-pro-members-first.ts). A
 * superset of the Pro members a post reaches: the caller keeps those on Pro as of the post and within their radius.
 */
export const proPositions = (point: string): string =>
  `SELECT p.user_id, p.earth_pos FROM notifications.positions p
   WHERE p.may_be_pro AND earth_box(${point}, ${NOTIFICATION_RADIUS_MAX_MILES * METERS_PER_MILE}) @> p.earth_pos`;

/**
 * The members a nearby alert reaches, with their distance: found by reach band (reachBands, or `positions`), then each
 * member's own radius as of the alert, with their switch and plan as of then,
 * never the poster nor whoever caused it. Distances from the item's public position, rounded to 0.1 mile. The
 * alert's point is made once per alert and each member's distance once (the OFFSET 0 keeps each a subquery of its
 * own instead of an expression repeated wherever it is used), with earth_distance's value written out
 * (earthDistanceSql): its `sec_to_gc` cost ~2 µs for each member reached, a fifth of a second for a city's.
 */
function nearbyRecipients(where: string, defaults: string, a = 'a', positions = reachBands): string {
  return `SELECT ${a}.*, p.user_id, round((d.meters / ${METERS_PER_MILE})::numeric, 1) AS miles, s.tier AS tier_then
    FROM notifications.nearby_alerts ${a}
    CROSS JOIN LATERAL (SELECT ll_to_earth(${a}.lat, ${a}.lng) AS point OFFSET 0) ${a}_at
    CROSS JOIN LATERAL (${positions(`${a}_at.point`)}) p
    ${settingsAt('p.user_id', `${a}.occurred_at`)}
    CROSS JOIN LATERAL (SELECT ${earthDistanceSql(`${a}_at.point`, 'p.earth_pos')} AS meters OFFSET 0) d
    WHERE ${where}
      AND d.meters <= coalesce(s.radius_miles, ${DEFAULT_NOTIFICATION_RADIUS}) * ${METERS_PER_MILE}
      AND p.user_id <> ALL (${a}.exclude_user_ids)
      AND ${switchedOn(`${a}.flag`, defaults)}
      AND (${a}.tiers IS NULL OR coalesce(s.tier, 'free') = ANY (${a}.tiers))`;
}
