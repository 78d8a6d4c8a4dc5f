import { Injectable } from '@nestjs/common';
import { Events, EventPayload, SubscriptionTier } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { EntityManager } from 'typeorm';
import { PostersRepository } from './posters.repository';

export interface Member {
  subscriptionTier: SubscriptionTier;
  isVerified: boolean;
  scoutMode: boolean;
}

const UNKNOWN_MEMBER: Member = { subscriptionTier: 'free', isVerified: false, scoutMode: false };

/**
 * Read model of users as items needs them (name, rank, tier, verified, scout). Events can arrive out of order
 * or twice: each part keeps the newest version it has seen.
 */
@Injectable()
export class PostersService {
  constructor(private readonly posters: PostersRepository) {}

  async applyUser(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await this.posters.keepNewerUser(tx.manager, user);
  }

  async applyRank(tx: Transaction, award: { userId: string; rank: string; version: number }): Promise<void> {
    await this.posters.keepNewerRank(tx.manager, award);
  }

  /** A reader's plan (a member not heard of yet reads as a new free account) and the members they blocked. */
  async reader(manager: EntityManager, userId: string): Promise<{ subscriptionTier: SubscriptionTier; blocked: Set<string> }> {
    const { subscriptionTier, blocked } = await this.posters.reader(manager, userId);
    return { subscriptionTier: subscriptionTier ?? UNKNOWN_MEMBER.subscriptionTier, blocked: new Set(blocked) };
  }

  /**
   * The time zone a member's days are counted in for the ten paid posts a day: their first post's (`postedIn` when this
   * is it), kept whatever zone their later posts are in, so posts placed far apart never open two local days at once.
   */
  async dayTimeZone(manager: EntityManager, userId: string, postedIn: string): Promise<string> {
    return this.posters.dayTimeZone(manager, userId, postedIn);
  }

  /** What items knows of a member; a member it has not heard of yet is treated as a new free account. */
  async member(manager: EntityManager, userId: string): Promise<Member> {
    return (await this.posters.find(manager, userId)) ?? UNKNOWN_MEMBER;
  }
}
