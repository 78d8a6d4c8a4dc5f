import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { LedgerService } from '../ledger/ledger.service';

/** user.created / user.updated → tier (point multipliers), username and scout mode (leaderboard). */
@Injectable()
export class MirrorMemberWhenUserChangesHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly ledger: LedgerService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.userCreated, 'tier-on-create', (user, tx) => this.ledger.mirrorMember(tx, user));
    await this.consumers.on(Events.userUpdated, 'tier-on-update', (user, tx) => this.ledger.mirrorMember(tx, user));
  }
}
