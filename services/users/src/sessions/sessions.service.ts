import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Events, LIVE_SESSIONS_ENDED_TOPIC, LiveSessionsEndedSignal, OtherSessionsEnded, otherSessionsEndedMessage } from '@curbside/contracts';
import { createLogger, EventOutbox, LIVE_CHANNEL, LiveChannel, sessionRefOfHash, sessionTokenHash, Transaction } from '@curbside/platform';
import { EntityManager } from 'typeorm';
import { EndedSessions, SessionsRepository } from './sessions.repository';

const SESSION_DAYS = 365;
/** A session unused for this long ends (a cookie on a device nobody uses any more). */
export const SESSION_IDLE_DAYS = 90;
/**
 * A session that ended (signed out, or lapsed and marked by the sweep) is deleted this long after: nothing reads it
 * once it has ended and been announced, and kept for good it would only pile up in every sweep's way.
 */
export const ENDED_SESSIONS_KEPT_DAYS = 30;
/** Lapsed sessions marked ended, or ended ones deleted, per statement of the sweep. */
const LAPSED_BATCH = 500;

@Injectable()
export class SessionsService {
  private readonly log = createLogger('sessions');

  constructor(
    private readonly sessions: SessionsRepository,
    private readonly outbox: EventOutbox,
    @Inject(LIVE_CHANNEL) private readonly live: LiveChannel,
  ) {}

  /** Starts a session for the user; the token is returned once and only its hash is kept. */
  async start(manager: EntityManager, userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.sessions.insert(manager, {
      tokenHash: sessionTokenHash(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 3600 * 1000),
      revokedAt: null,
    });
    return token;
  }

  /**
   * Ends a session (sign out, "Start Fresh"); the cookie alone is then worth nothing. The gateways are told whose
   * session ended, so the live streams it opened end too (gateway/src/live/live-hub.ts) instead of pushing on to a
   * tab that signed out, and the notifications service hears it (user.sessions-ended, in the same transaction) and
   * stops pushing to the browser subscribed in it.
   */
  async revoke(token: string): Promise<void> {
    const ended = await this.outbox.transaction(async (tx) => this.announce(tx, await this.sessions.revoke(tx.manager, sessionTokenHash(token))));
    if (ended) await this.signalEnded([ended.userId]);
  }

  /**
   * "Sign out other devices": ends every other live session of the token's member, at once on every gateway replica
   * (their copies of the member's sessions are forgotten and re-checked, so the token's own session goes on), and
   * the pushes to the browsers subscribed in them.
   */
  async revokeOthers(token: string): Promise<OtherSessionsEnded> {
    const ended = await this.outbox.transaction(async (tx) =>
      this.announce(tx, await this.sessions.revokeOthers(tx.manager, sessionTokenHash(token), SESSION_IDLE_DAYS)),
    );
    const count = ended?.tokenHashes.length ?? 0;
    if (ended && count > 0) await this.signalEnded([ended.userId]);
    return { ended: count, message: otherSessionsEndedMessage(count) };
  }

  /**
   * Sessions that ended by themselves, a year after sign-in or after SESSION_IDLE_DAYS unused, are announced like a
   * sign-out: nothing goes on pushing alerts to a browser subscribed in a session that can no longer read them.
   * Answers how many it ended; a batch at a time, until none is left.
   */
  async endLapsed(batch = LAPSED_BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const ended = await this.outbox.transaction(async (tx) => {
        const members = await this.sessions.endLapsed(tx.manager, SESSION_IDLE_DAYS, batch);
        for (const member of members) this.announce(tx, member);
        return members;
      });
      const count = ended.reduce((sum, member) => sum + member.tokenHashes.length, 0);
      total += count;
      if (ended.length > 0) await this.signalEnded(ended.map((member) => member.userId));
      if (count < batch) return total;
    }
  }

  /** Deletes the sessions that ended more than ENDED_SESSIONS_KEPT_DAYS ago, a batch at a time; answers how many. */
  async forgetEnded(batch = LAPSED_BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.sessions.forgetEnded(ENDED_SESSIONS_KEPT_DAYS, batch);
      total += count;
      if (count < batch) return total;
    }
  }

  /** Tells the other services (durably, with the revocation) which sessions ended. */
  private announce(tx: Transaction, ended: EndedSessions | null): EndedSessions | null {
    if (ended && ended.tokenHashes.length > 0) tx.emit(Events.sessionsEnded, { userId: ended.userId, sessionRefs: ended.tokenHashes.map(sessionRefOfHash) });
    return ended;
  }

  private async signalEnded(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    try {
      await this.live.publish(LIVE_SESSIONS_ENDED_TOPIC, { userIds } satisfies LiveSessionsEndedSignal);
    } catch (err) {
      // The sign-out stands; open streams then last until the tab closes, and their reconnect is refused.
      this.log.warn({ err }, 'could not signal the end of a session to the live streams');
    }
  }

  async resolve(token: string): Promise<string | null> {
    return (await this.sessions.findLive(sessionTokenHash(token), SESSION_IDLE_DAYS))?.userId ?? null;
  }
}
