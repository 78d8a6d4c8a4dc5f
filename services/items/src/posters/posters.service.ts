import { Injectable } from '@nestjs/common';
import { Events, EventPayload } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';

/** Keeps each poster's username and rank; out-of-order or repeated events never roll a field back. */
@Injectable()
export class PostersService {
  async applyUser(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO items.posters (user_id, username, user_version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, user_version = EXCLUDED.user_version
       WHERE posters.user_version < EXCLUDED.user_version`,
      [user.userId, user.username, user.version],
    );
  }

  async applyRank(tx: Transaction, award: { userId: string; rank: string; version: number }): Promise<void> {
    // The username arrives with user.created; until then the row holds a neutral name.
    await tx.manager.query(
      `INSERT INTO items.posters (user_id, username, rank, points_version) VALUES ($1, 'Neighbour', $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET rank = EXCLUDED.rank, points_version = EXCLUDED.points_version
       WHERE posters.points_version < EXCLUDED.points_version`,
      [award.userId, award.rank, award.version],
    );
  }
}
