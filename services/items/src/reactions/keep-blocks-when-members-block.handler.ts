import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { BlocksRepository } from '../blocks/blocks.repository';
import { Readers } from '../posters/readers';
import { QueueService } from '../queue/queue.service';

/** The durable consumer's name: renaming it replays every block change (harmless: the newest version wins). */
const REACTION = 'blocks';

/**
 * user.block-changed → the items service's copy of blocks, newest version of each pair (the blocker's kept reader
 * forgotten); a block ends the blocked member's holds of the blocker's items (QueueService.endHoldsOfBlocked).
 */
@Injectable()
export class KeepBlocksWhenMembersBlockHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly blocks: BlocksRepository,
    private readonly readers: Readers,
    private readonly queue: QueueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.blockChanged, REACTION, async (change, tx) => {
      await this.blocks.keepNewer(tx.manager, change);
      this.readers.changedBy(tx, [change.blockerId]);
      // Read back rather than trusting this change: an older one arriving late changed nothing.
      if (await this.blocks.isBlocked(change.blockerId, change.blockedId, tx.manager)) {
        await this.queue.endHoldsOfBlocked(tx, change.blockerId, change.blockedId);
      }
    });
  }
}
