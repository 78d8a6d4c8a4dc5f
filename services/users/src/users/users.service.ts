import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  CreateUserReply,
  CreateUserRequest,
  DEFAULT_LOCATION_RADIUS,
  DEFAULT_NOTIFICATION_RADIUS,
  DomainError,
  ErrorCode,
  Events,
  EventPayload,
  NOTIFICATION_FLAG_DEFAULTS,
  UserView,
} from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { DataSource, QueryFailedError } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import { UserEntity } from './user.entity';
import { toPublicUser, toSnapshot, toUser } from './user.mapper';
import { generateUsername } from './username.rules';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly sessions: SessionsService,
  ) {}

  /** An anonymous account with a generated name, and a session for it. */
  async create(request: CreateUserRequest): Promise<CreateUserReply> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.outbox.transaction(async (tx) => {
          const user = await this.insertUser(tx, request);
          const sessionToken = await this.sessions.start(tx.manager, user.id);
          return { user: toUser(user), sessionToken };
        });
      } catch (err) {
        // Two neighbours drew the same generated name: draw again.
        const duplicateName = err instanceof QueryFailedError && (err.driverError as { code?: string }).code === UNIQUE_VIOLATION;
        if (!duplicateName || attempt >= 5) throw err;
      }
    }
  }

  /** The owner gets the whole record; anybody else the public view (DESIGN §3). */
  async get(userId: string, callerId: string | undefined): Promise<UserView> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new DomainError(ErrorCode.USER_NOT_FOUND, 'User not found');
    return callerId === user.id ? toUser(user) : toPublicUser(user);
  }

  /** Mirrors the rewards ledger; an older or repeated award never overwrites a newer balance. */
  async applyPointsAwarded(tx: Transaction, award: EventPayload<typeof Events.pointsAwarded>): Promise<void> {
    await tx.manager
      .createQueryBuilder()
      .update(UserEntity)
      .set({ points: award.balance, rank: award.rank, pointsVersion: award.version })
      .where('id = :id AND points_version < :version', { id: award.userId, version: award.version })
      .execute();
  }

  private async insertUser(tx: Transaction, request: CreateUserRequest): Promise<UserEntity> {
    const user = tx.manager.create(UserEntity, {
      id: randomUUID(),
      username: generateUsername(),
      firstName: request.firstName ?? null,
      points: 0,
      rank: 'Newbie',
      pointsVersion: 0,
      badges: [],
      scoutMode: false,
      isVerified: false,
      hasCommentFeature: true,
      subscriptionTier: 'free',
      profilePicture: null,
      locationRadius: request.locationRadius ?? DEFAULT_LOCATION_RADIUS,
      notificationRadius: DEFAULT_NOTIFICATION_RADIUS,
      notificationFlags: { ...NOTIFICATION_FLAG_DEFAULTS },
      version: 1,
      createdAt: new Date(),
    });
    await tx.manager.insert(UserEntity, user);
    tx.emit(Events.userCreated, toSnapshot(user));
    return user;
  }
}
