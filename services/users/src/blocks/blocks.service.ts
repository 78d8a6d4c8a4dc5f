import { Injectable } from '@nestjs/common';
import { BlockedMember, BlockError, BlockResponse, DomainError, Events, publicName } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { UsersRepository } from '../users/users.repository';
import { BlocksRepository } from './blocks.repository';

/**
 * Blocking (docs/product-rules.md): the blocker is the caller; the blocked member is never told. Each change goes
 * out as user.block-changed with the pair's version, so the items service enforces it from its own copy.
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly blocks: BlocksRepository,
    private readonly users: UsersRepository,
  ) {}

  async block(blockerId: string, blockedId: string): Promise<BlockResponse> {
    if (blockerId === blockedId) throw new DomainError(BlockError.SELF, 'You cannot block yourself');
    await this.outbox.transaction(async (tx) => {
      if (!(await this.users.findById(blockedId, tx.manager))) throw new DomainError(BlockError.NOT_FOUND, 'Member not found');
      const version = await this.blocks.set(tx.manager, blockerId, blockedId, true);
      tx.emit(Events.blockChanged, { blockerId, blockedId, blocked: true, version });
    });
    return { userId: blockedId, blocked: true };
  }

  async unblock(blockerId: string, blockedId: string): Promise<BlockResponse> {
    if (blockerId === blockedId) throw new DomainError(BlockError.SELF, 'You cannot block yourself');
    await this.outbox.transaction(async (tx) => {
      if (!(await this.blocks.exists(tx.manager, blockerId, blockedId))) return;
      const version = await this.blocks.set(tx.manager, blockerId, blockedId, false);
      tx.emit(Events.blockChanged, { blockerId, blockedId, blocked: false, version });
    });
    return { userId: blockedId, blocked: false };
  }

  async blocked(blockerId: string): Promise<BlockedMember[]> {
    return (await this.blocks.listBlocked(blockerId)).map((row) => ({
      userId: row.user_id,
      username: publicName({ username: row.username, firstName: row.first_name, verifiedName: row.verified_name, useGeneratedName: row.use_generated_name }),
      blockedAt: new Date(row.changed_at).toISOString(),
    }));
  }
}
