import { Injectable } from '@nestjs/common';
import { EventPayload, Events } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

/** The users table: each method one query, in the caller's transaction when it passes its manager. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new, unsaved row with these fields. */
  create(fields: Partial<UserEntity>): UserEntity {
    return this.dataSource.manager.create(UserEntity, fields);
  }

  /**
   * Inserts the row under a savepoint: when the insert fails (a generated name that is taken), the savepoint is
   * rolled back and the error rethrown, so the caller's transaction stays usable for another try.
   */
  async insert(manager: EntityManager, user: UserEntity): Promise<void> {
    try {
      await manager.query('SAVEPOINT new_user');
      await manager.insert(UserEntity, user);
      await manager.query('RELEASE SAVEPOINT new_user');
    } catch (err) {
      await manager.query('ROLLBACK TO SAVEPOINT new_user');
      throw err;
    }
  }

  async findById(userId: string, manager: EntityManager = this.dataSource.manager): Promise<UserEntity | null> {
    return manager.findOneBy(UserEntity, { id: userId });
  }

  /** The row locked for the rest of the caller's transaction (SELECT … FOR UPDATE). */
  async lockById(manager: EntityManager, userId: string): Promise<UserEntity | null> {
    return manager.createQueryBuilder(UserEntity, 'u').where('u.id = :userId', { userId }).setLock('pessimistic_write').getOne();
  }

  async findByPhone(phone: string, manager: EntityManager = this.dataSource.manager): Promise<UserEntity | null> {
    return manager.findOneBy(UserEntity, { phone });
  }

  async save(manager: EntityManager, user: UserEntity): Promise<void> {
    await manager.save(UserEntity, user, { reload: false });
  }

  /** Writes the ledger's balance, rank and badges unless the row already holds this announcement or a newer one. */
  async updatePointsIfNewer(manager: EntityManager, award: EventPayload<typeof Events.pointsAwarded>): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(UserEntity)
      .set({ points: award.balance, rank: award.rank, pointsVersion: award.version, ...(award.badges ? { badges: award.badges } : {}) })
      .where('id = :id AND points_version < :version', { id: award.userId, version: award.version })
      .execute();
  }

  /** The Profile Frame perk: set once, for good. */
  async frameProfilePicture(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { profileFrame: true });
  }
}
