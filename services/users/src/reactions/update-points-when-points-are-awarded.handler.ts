import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { UsersService } from '../users/users.service';

/** points.awarded → the user's points, rank and badges as the ledger says. */
@Injectable()
export class UpdatePointsWhenPointsAreAwardedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.pointsAwarded, 'update-points', (award, tx) => this.users.applyPointsAwarded(tx, award));
  }
}
