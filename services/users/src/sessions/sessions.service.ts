import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LIVE_SESSIONS_ENDED_TOPIC, LiveSessionsEndedSignal, OtherSessionsEnded, otherSessionsEndedMessage } from '@curbside/contracts';
import { createLogger, LIVE_CHANNEL, LiveChannel } from '@curbside/platform';
import { EntityManager } from 'typeorm';
import { SessionsRepository } from './sessions.repository';

const SESSION_DAYS = 365;
/** A session unused for this long ends (a cookie on a device nobody uses any more). */
export const SESSION_IDLE_DAYS = 90;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class SessionsService {
  private readonly log = createLogger('sessions');

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(LIVE_CHANNEL) private readonly live: LiveChannel,
  ) {}

  /** Starts a session for the user; the token is returned once and only its hash is kept. */
  async start(manager: EntityManager, userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.sessions.insert(manager, {
      tokenHash: hashToken(token),
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
   * tab that signed out.
   */
  async revoke(token: string): Promise<void> {
    await this.signalEnded(await this.sessions.revoke(hashToken(token)));
  }

  /**
   * "Sign out other devices": ends every other live session of the token's member, at once on every gateway replica
   * (their copies of the member's sessions are forgotten and re-checked, so the token's own session goes on).
   */
  async revokeOthers(token: string): Promise<OtherSessionsEnded> {
    const { userId, ended } = await this.sessions.revokeOthers(hashToken(token), SESSION_IDLE_DAYS);
    if (userId && ended > 0) await this.signalEnded([userId]);
    return { ended, message: otherSessionsEndedMessage(ended) };
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
    return (await this.sessions.findLive(hashToken(token), SESSION_IDLE_DAYS))?.userId ?? null;
  }
}
