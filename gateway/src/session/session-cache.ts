import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Calls, LIVE_SESSIONS_ENDED_TOPIC, LiveSessionsEndedSignal } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, LIVE_CHANNEL, LiveChannel } from '@curbside/platform';
import { ServiceClient } from '../http/service-client';

/** Sessions remembered at once by one gateway process; past this the oldest are forgotten first. */
export const SESSION_CACHE_ENTRIES = 20_000;

interface Entry {
  userId: string | null;
  until: number;
}

/**
 * Whose session a cookie's token is, remembered for SESSION_CACHE_MS (0: asked every time) so that a member's
 * requests do not each cost a call to the users service and a database read. A sign-out still takes effect at once
 * on every replica: the users service signals the members whose session ended on the live channel, which every
 * gateway process hears (`sessions.ended`), and each forgets those members' sessions; the replica that signed the
 * member out also forgets the token itself before it answers. A look-up that was under way while any session
 * ended is not remembered (it may have read the session just before it ended).
 */
@Injectable()
export class SessionCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  /** Moves on whenever a session ends, so a look-up that overlapped it is not kept. */
  private generation = 0;
  private unsubscribe?: () => void;
  private readonly ttlMs: number;

  constructor(
    private readonly services: ServiceClient,
    @Inject(LIVE_CHANNEL) private readonly live: LiveChannel,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.SESSION_CACHE_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.live.subscribe(LIVE_SESSIONS_ENDED_TOPIC, (signal) => this.forgetMembers((signal as LiveSessionsEndedSignal).userIds ?? []));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    this.entries.clear();
  }

  /** The member whose live session the token is, or null. */
  async resolve(token: string): Promise<string | null> {
    if (this.ttlMs === 0) return (await this.services.call(Calls.users.resolveSession, { token })).userId;
    const now = Date.now();
    const known = this.entries.get(token);
    if (known && known.until > now) return known.userId;
    const generation = this.generation;
    const { userId } = await this.services.call(Calls.users.resolveSession, { token });
    if (generation === this.generation) {
      this.entries.delete(token);
      if (this.entries.size >= SESSION_CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(token, { userId, until: now + this.ttlMs });
    }
    return userId;
  }

  /** This replica signed the token's session out. */
  forgetToken(token: string): void {
    this.generation++;
    this.entries.delete(token);
  }

  /** Sessions of these members ended (signalled by the users service to every replica). */
  forgetMembers(userIds: readonly string[]): void {
    this.generation++;
    if (userIds.length === 0) return;
    const ended = new Set(userIds);
    for (const [token, entry] of this.entries) if (entry.userId !== null && ended.has(entry.userId)) this.entries.delete(token);
  }
}
