import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventPayload, Events } from '@curbside/contracts';
import { EventConsumers, Transaction } from '@curbside/platform';
import { PostersService } from '../posters/posters.service';
import { Readers } from '../posters/readers';

/** user.created / user.updated → poster username and plan (the kept readers forget it); points.awarded → poster rank. */
@Injectable()
export class UpdatePosterWhenUserChangesHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly posters: PostersService,
    private readonly readers: Readers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.userCreated, 'poster-on-create', (user, tx) => this.applyUser(tx, user));
    await this.consumers.on(Events.userUpdated, 'poster-on-update', (user, tx) => this.applyUser(tx, user));
    await this.consumers.on(Events.pointsAwarded, 'poster-rank', (award, tx) => this.posters.applyRank(tx, award));
  }

  private async applyUser(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await this.posters.applyUser(tx, user);
    this.readers.changedBy(tx, [user.userId]);
  }
}
