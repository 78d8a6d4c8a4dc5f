import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { createLogger, RepeatingSweep, startRepeatingSweep } from '@curbside/platform';
import { SessionsService } from './sessions.service';

/** How often sessions that ended by themselves are looked for; their pushes stop at most this long after. */
export const LAPSED_SWEEP_MS = 60 * 60 * 1000;

/**
 * Announces the sessions that ended by themselves (SessionsService.endLapsed), at start and then hourly. The session
 * already stopped working when it lapsed (resolving checks its dates); this tells the services that keep something
 * per session, so a phone unused for months stops showing alerts on its lock screen. The same sweep deletes the
 * sessions that ended more than ENDED_SESSIONS_KEPT_DAYS ago (SessionsService.forgetEnded).
 */
@Injectable()
export class LapsedSessionsScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('sessions');
  private sweeps: RepeatingSweep | undefined;

  constructor(private readonly sessions: SessionsService) {}

  onApplicationBootstrap(): void {
    this.sweeps = startRepeatingSweep(() => this.sweep(), {
      everyMs: LAPSED_SWEEP_MS,
      atStart: true,
      onError: (err) => this.log.warn({ err }, 'ending lapsed sessions failed; the next sweep will retry'),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps?.stop();
  }

  /** Answers how many sessions it ended. */
  async sweep(): Promise<number> {
    const ended = await this.sessions.endLapsed();
    if (ended > 0) this.log.info({ ended }, 'lapsed sessions ended');
    const forgotten = await this.sessions.forgetEnded();
    if (forgotten > 0) this.log.info({ forgotten }, 'sessions that ended long ago deleted');
    return ended;
  }
}
