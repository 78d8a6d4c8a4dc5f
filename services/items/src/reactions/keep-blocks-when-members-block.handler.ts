import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { BlocksRepository } from '../blocks/blocks.repository';

/** The durable consumer's name: renaming it replays every block change (harmless: the newest version wins). */
const REACTION = 'blocks';

/** user.block-changed → the items service's copy of blocks, newest version of each pair. */
@Injectable()
export class KeepBlocksWhenMembersBlockHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly blocks: BlocksRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.blockChanged, REACTION, (change, tx) => this.blocks.keepNewer(tx.manager, change));
  }
}
