import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { READERS_CHANGED_TOPIC, type SubscriptionTier } from '@curbside/contracts';
import { LIVE_CHANNEL, LiveChannel, ShortLivedCopies, Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { PostersService } from './posters.service';

export interface ReadersChangedSignal {
  userIds: string[];
}

/**
 * How long a reader's plan and blocks are kept without a word from the replica that changed them: the bound on a
 * stale copy only while the live channel is down (a signal lost on a NATS reconnect); otherwise a change is seen as
 * soon as its signal arrives, milliseconds after the commit.
 */
export const READER_TTL_MS = 10_000;
/** Readers kept at once by one replica (a few hundred bytes each); the one read longest ago goes first. */
export const READERS_KEPT = 20_000;

const NOBODY: ReadonlySet<string> = new Set();

/** What every list a signed-in member reads needs before its statement: their plan and whom they blocked. */
export interface Reader {
  subscriptionTier: SubscriptionTier;
  /** Shared by the requests that read the same copy: never changed. */
  blocked: ReadonlySet<string>;
}

/**
 * The readers of the feed, searches, the map and top finds, kept per member: a member reads page after page, and the
 * look-up (PostersService.reader) was a database round trip before every one, on a list whose own statement may cost
 * less (bench/README.md, "A reader's plan and blocks kept"). Both parts change only through the events this service
 * applies (user.created / user.updated for the plan, user.block-changed for blocks), so the transaction that applies
 * one names the member (`changedBy`): once it has committed, this replica forgets the member at once and every other
 * items replica is told on the live channel. A look-up under way when that happens is not kept.
 */
@Injectable()
export class Readers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger(Readers.name);
  private readonly copies: ShortLivedCopies<string, Reader>;
  private unsubscribe?: () => void;

  constructor(
    private readonly posters: PostersService,
    private readonly dataSource: DataSource,
    @Inject(LIVE_CHANNEL) private readonly live: LiveChannel,
  ) {
    this.copies = new ShortLivedCopies(READER_TTL_MS, Date.now, READERS_KEPT);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.live.subscribe(READERS_CHANGED_TOPIC, (signal) => {
      const userIds = (signal as Partial<ReadersChangedSignal> | null)?.userIds;
      // Only items replicas publish here; a signal of any other shape forgets nobody.
      if (Array.isArray(userIds)) this.forget(userIds);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** The member's plan (a member not heard of yet reads as a new free account) and the members they blocked. */
  of(userId: string): Promise<Reader> {
    return this.copies.get(userId, () => this.posters.reader(this.dataSource.manager, userId));
  }

  /** The members the caller blocked (nobody for an anonymous caller): what they no longer see of others. */
  async blockedBy(callerId: string | undefined): Promise<ReadonlySet<string>> {
    return callerId ? (await this.of(callerId)).blocked : NOBODY;
  }

  /** The transaction changes these members' plan or blocks: once it has committed, every replica reads them anew. */
  changedBy(tx: Transaction, userIds: string[]): void {
    tx.afterCommit(async () => {
      this.forget(userIds);
      try {
        await this.live.publish(READERS_CHANGED_TOPIC, { userIds } satisfies ReadersChangedSignal);
      } catch (err) {
        // The change stands; other replicas see it when their copy ages out (READER_TTL_MS).
        this.log.warn(`Could not tell the other replicas that readers changed: ${(err as Error).message}`);
      }
    });
  }

  private forget(userIds: readonly string[]): void {
    for (const userId of userIds) if (typeof userId === 'string') this.copies.forget(userId);
  }
}
