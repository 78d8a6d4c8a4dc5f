import { Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_RADIUS, METERS_PER_MILE, NOTIFICATION_FLAG_DEFAULTS, NotificationFlags, NotificationType, SubscriptionTier } from '@curbside/contracts';
import { EntityManager } from 'typeorm';

/** The widest alert radius a member can choose (the settings slider's maximum). */
export const MAX_NOTIFICATION_RADIUS_MILES = 10;

/** A notification just written, with what its delivery beyond the app needs (src/delivery). */
export interface WrittenRow {
  id: string;
  user_id: string;
  type: NotificationType;
  tier: SubscriptionTier;
}

/** Reads the rows a CTE named `inserted` wrote, with their members' plans. */
const selectWritten = `SELECT i.id, i.user_id, i.type, coalesce(m.tier, 'free') AS tier
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
}

/** An alert to every member around a spot whose own radius holds it, kept with what decides who gets it. */
export interface NearbyAlertRecord {
  sourceEventId: string;
  type: NotificationType;
  title: string;
  /** A format() template: %1$s is the item's title, %2$s the distance in miles. */
  messageTemplate: string;
  itemId: string;
  itemTitle: string;
  lat: number;
  lng: number;
  flag: keyof NotificationFlags;
  tiers: readonly string[] | null;
  excludeUserIds: string[];
  occurredAt: string;
}

/**
 * Alerts, and settings versions superseded, are kept this long: the event stream keeps 30 days (max_age in
 * libs/platform/src/events/nats.event-bus.ts), so no settings version older than that can still arrive to revisit
 * them. Each write forgets what fell out of it, for that member (or, for nearby alerts, everybody).
 */
const KEPT = `now() - interval '30 days'`;

/** Which alerts to decide: those of one event, or those of one member from a time on (their settings changed then). */
export type AlertScope = { eventId: string } | { userId: string; since: string };

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
  async recordMemberVersion(manager: EntityManager, version: { userId: string; version: number; occurredAt: string; flags: object; radiusMiles: number; tier: string }): Promise<void> {
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
       INSERT INTO notifications.personal_alerts (source_event_id, user_id, type, title, message, data, flag, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
      [alert.sourceEventId, alert.userId, alert.type, alert.title, alert.message, JSON.stringify(alert.data), alert.flag, alert.occurredAt],
    );
  }

  /** The same alert of one event for many members, in one statement (a pickup telling everyone who waited). */
  async recordPersonalForMany(manager: EntityManager, alert: Omit<PersonalAlert, 'userId'>, userIds: string[]): Promise<void> {
    await manager.query(
      `WITH forgotten AS (DELETE FROM notifications.personal_alerts WHERE user_id = ANY ($2::uuid[]) AND occurred_at < ${KEPT})
       INSERT INTO notifications.personal_alerts (source_event_id, user_id, type, title, message, data, flag, occurred_at)
       SELECT $1, u, $3, $4, $5, $6, $7, $8 FROM unnest($2::uuid[]) u ON CONFLICT DO NOTHING`,
      [alert.sourceEventId, userIds, alert.type, alert.title, alert.message, JSON.stringify(alert.data), alert.flag, alert.occurredAt],
    );
  }

  async recordNearby(manager: EntityManager, alert: NearbyAlertRecord): Promise<void> {
    await manager.query(
      `WITH forgotten AS (DELETE FROM notifications.nearby_alerts WHERE occurred_at < ${KEPT})
       INSERT INTO notifications.nearby_alerts
         (source_event_id, type, title, message_template, item_id, item_title, lat, lng, flag, tiers, exclude_user_ids, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
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
      ],
    );
  }

  /** Writes the personal alerts in scope that qualify and are not written yet. */
  writePersonal(manager: EntityManager, scope: AlertScope): Promise<WrittenRow[]> {
    const [where, params] = personalScope(scope, 2);
    return manager.query(
      `WITH inserted AS (
         INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id)
         SELECT gen_random_uuid(), a.user_id, a.type, a.title, a.message, a.data, a.source_event_id
         FROM notifications.personal_alerts a ${settingsAt('a.user_id', 'a.occurred_at')}
         WHERE ${where} AND (a.flag IS NULL OR ${switchedOn('a.flag', '$1')})
         ON CONFLICT DO NOTHING RETURNING id, user_id, type)
       ${selectWritten}`,
      [JSON.stringify(NOTIFICATION_FLAG_DEFAULTS), ...params],
    );
  }

  /** Writes the nearby alerts in scope to every member who qualifies and has not got them yet. */
  writeNearby(manager: EntityManager, scope: AlertScope): Promise<WrittenRow[]> {
    const [where, params] = nearbyScope(scope, 2);
    return manager.query(
      `WITH inserted AS (
         INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id)
         SELECT gen_random_uuid(), r.user_id, r.type, r.title, format(r.message_template, r.item_title, r.miles),
                json_build_object('itemId', r.item_id, 'distance', r.miles)::text, r.source_event_id
         FROM (${nearbyRecipients(where, '$1')}) r
         ON CONFLICT DO NOTHING RETURNING id, user_id, type)
       ${selectWritten}`,
      [JSON.stringify(NOTIFICATION_FLAG_DEFAULTS), ...params],
    );
  }

  /** Takes back what a member was sent from `since` on that their settings as of then no longer allow. */
  async retract(manager: EntityManager, userId: string, since: string): Promise<number> {
    const defaults = JSON.stringify(NOTIFICATION_FLAG_DEFAULTS);
    const [, personal]: [unknown, number] = await manager.query(
      `DELETE FROM notifications.notifications n
       USING notifications.personal_alerts a ${settingsAt('a.user_id', 'a.occurred_at')}
       WHERE a.user_id = $2 AND a.occurred_at >= $3 AND a.flag IS NOT NULL AND NOT ${switchedOn('a.flag', '$1')}
         AND n.source_event_id = a.source_event_id AND n.user_id = a.user_id AND n.type = a.type`,
      [defaults, userId, since],
    );
    const [, nearby]: [unknown, number] = await manager.query(
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
  return 'eventId' in scope
    ? [`a.source_event_id = $${first}`, [scope.eventId]]
    : [`p.user_id = $${first} AND a.occurred_at >= $${first + 1}`, [scope.userId, scope.since]];
}

/**
 * The members a nearby alert reaches, with their distance: found through the GiST index on their positions (a box
 * of the largest radius, then each member's own radius as of the alert), with their switch and plan as of then,
 * never the poster nor whoever caused it. Distances from the item's public position, rounded to 0.1 mile.
 */
function nearbyRecipients(where: string, defaults: string, a = 'a'): string {
  return `SELECT ${a}.*, p.user_id, d.miles
    FROM notifications.nearby_alerts ${a}
    JOIN notifications.positions p ON earth_box(ll_to_earth(${a}.lat, ${a}.lng), ${MAX_NOTIFICATION_RADIUS_MILES * METERS_PER_MILE}) @> p.earth_pos
    ${settingsAt('p.user_id', `${a}.occurred_at`)}
    CROSS JOIN LATERAL (SELECT round((earth_distance(ll_to_earth(${a}.lat, ${a}.lng), p.earth_pos) / ${METERS_PER_MILE})::numeric, 1) AS miles) d
    WHERE ${where}
      AND earth_distance(ll_to_earth(${a}.lat, ${a}.lng), p.earth_pos) <= coalesce(s.radius_miles, ${DEFAULT_NOTIFICATION_RADIUS}) * ${METERS_PER_MILE}
      AND p.user_id <> ALL (${a}.exclude_user_ids)
      AND ${switchedOn(`${a}.flag`, defaults)}
      AND (${a}.tiers IS NULL OR coalesce(s.tier, 'free') = ANY (${a}.tiers))`;
}
