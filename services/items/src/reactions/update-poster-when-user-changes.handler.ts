import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { PostersService } from '../posters/posters.service';

/** user.created / user.updated → poster username; points.awarded → poster rank. */
@Injectable()
export class UpdatePosterWhenUserChangesHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly posters: PostersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.userCreated, 'poster-on-create', (user, tx) => this.posters.applyUser(tx, user));
    await this.consumers.on(Events.userUpdated, 'poster-on-update', (user, tx) => this.posters.applyUser(tx, user));
    await this.consumers.on(Events.pointsAwarded, 'poster-rank', (award, tx) => this.posters.applyRank(tx, award));
  }
}
