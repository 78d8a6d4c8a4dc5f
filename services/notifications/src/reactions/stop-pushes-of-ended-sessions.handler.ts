import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { DeliveriesRepository } from '../delivery/deliveries.repository';

/** The durable consumer's name: renaming it starts a new consumer that replays every sign-out since the stream began. */
const REACTION = 'push-of-ended-sessions';

/**
 * A member's sessions ended (signed out, Start Fresh, "Other devices"): the browsers subscribed to pushes in them get
 * none from now on, so a lost phone or a shared computer stops showing the member's alerts on its lock screen.
 */
@Injectable()
export class StopPushesOfEndedSessionsHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly deliveries: DeliveriesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.sessionsEnded, REACTION, (ended, tx) => this.deliveries.forgetSessions(tx.manager, ended.userId, ended.sessionRefs));
  }
}
