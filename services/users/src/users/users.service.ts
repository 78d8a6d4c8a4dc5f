import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AdminStatus,
  CreateUserReply,
  CreateUserRequest,
  DEFAULT_LOCATION_RADIUS,
  DEFAULT_NOTIFICATION_RADIUS,
  DomainError,
  EventPayload,
  Events,
  GARAGE_SALE_ALERT_TIERS,
  GARAGE_SALE_ALERTS_MESSAGE,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationPreferences,
  NotificationPreferencesRequest,
  SubscriptionTier,
  toE164,
  User,
  UserError,
  UserView,
} from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { EntityManager, QueryFailedError } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import { UserEntity } from './user.entity';
import { toPreferences, toPublicUser, toSnapshot, toUser } from './user.mapper';
import { UsersRepository } from './users.repository';
import { generateUsername } from './username.rules';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driverError = err.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION && (!constraint || driverError.constraint === constraint);
}

function found(user: UserEntity | null): UserEntity {
  if (!user) throw new DomainError(UserError.NOT_FOUND, 'User not found');
  return user;
}

export interface NewAccount {
  firstName?: string | null;
  phone?: string | null;
  locationRadius?: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: EventOutbox,
    private readonly sessions: SessionsService,
  ) {}

  /** An anonymous account with a generated name, and a session for it. */
  async create(request: CreateUserRequest): Promise<CreateUserReply> {
    return this.outbox.transaction(async (tx) => {
      const user = await this.insertUser(tx, request);
      const sessionToken = await this.sessions.start(tx.manager, user.id);
      return { user: toUser(user), sessionToken };
    });
  }

  /**
   * Inserts a new account inside the caller's transaction. A generated name that is taken is drawn again (at
   * most five more times); the repository inserts under a savepoint, so the caller's transaction survives the clash.
   */
  async insertUser(tx: Transaction, account: NewAccount): Promise<UserEntity> {
    for (let attempt = 0; ; attempt++) {
      const user = this.newUser(account);
      try {
        await this.users.insert(tx.manager, user);
        tx.emit(Events.userCreated, toSnapshot(user));
        return user;
      } catch (err) {
        if (!isUniqueViolation(err, 'users_username_key') || attempt >= 5) throw err;
      }
    }
  }

  /** The owner gets the whole record; anybody else the public view (docs/security.md). */
  async get(userId: string, callerId: string | undefined): Promise<UserView> {
    const user = await this.require(userId);
    return callerId === user.id ? toUser(user) : toPublicUser(user);
  }

  async getOwn(userId: string): Promise<User> {
    return toUser(await this.require(userId));
  }

  /** The account, or USER.NOT_FOUND; read in the caller's transaction when it passes its manager. */
  async require(userId: string, manager?: EntityManager): Promise<UserEntity> {
    return found(await this.users.findById(userId, manager));
  }

  /** Only verified neighbours may turn scout mode on (spec §4); without a value the switch flips. */
  async setScoutMode(userId: string, requested: boolean | undefined): Promise<{ scoutMode: boolean }> {
    return this.change(userId, (user) => {
      const next = requested ?? !user.scoutMode;
      if (next && !user.isVerified) {
        throw new DomainError(UserError.VERIFICATION_REQUIRED, 'Only verified users can become Scouts. Please verify your account first.');
      }
      user.scoutMode = next;
      return { scoutMode: user.scoutMode };
    });
  }

  /** The name neighbours see: first name (and last initial) or the made-up one; read models learn it from user.updated. */
  async setPublicName(userId: string, useGeneratedName: boolean): Promise<User> {
    return this.change(userId, (user) => {
      user.useGeneratedName = useGeneratedName;
      return toUser(user);
    });
  }

  async updatePreferences(userId: string, request: NotificationPreferencesRequest): Promise<NotificationPreferences> {
    return this.change(userId, (user) => {
      const { notificationRadius, quietHours, ...flags } = request;
      const merged: Record<string, boolean> = { ...NOTIFICATION_FLAG_DEFAULTS, ...user.notificationFlags };
      for (const [key, value] of Object.entries(flags)) if (value !== undefined) merged[key] = value;
      if (merged.enableGarageSaleAlerts && !GARAGE_SALE_ALERT_TIERS.includes(user.subscriptionTier)) {
        throw new DomainError(UserError.PLAN_REQUIRED, GARAGE_SALE_ALERTS_MESSAGE);
      }
      user.notificationFlags = merged;
      if (notificationRadius !== undefined) user.notificationRadius = notificationRadius;
      if (quietHours !== undefined) user.quietHours = quietHours;
      return toPreferences(user);
    });
  }

  /** Records the chosen plan (no payment in this version); leaving Premium/Pro turns garage-sale alerts off. */
  async setSubscription(userId: string, tier: SubscriptionTier): Promise<User> {
    return this.change(userId, (user) => {
      user.subscriptionTier = tier;
      if (!GARAGE_SALE_ALERT_TIERS.includes(tier) && user.notificationFlags.enableGarageSaleAlerts) {
        user.notificationFlags = { ...user.notificationFlags, enableGarageSaleAlerts: false };
      }
      return toUser(user);
    });
  }

  async setProfilePicture(userId: string, url: string): Promise<{ profilePicture: string; replaced: string | null }> {
    return this.change(userId, (user) => {
      const replaced = user.profilePicture && user.profilePicture !== url ? user.profilePicture : null;
      user.profilePicture = url;
      return { profilePicture: url, replaced };
    });
  }

  /** The full record by id or by phone number (normalised first), for the emergency lookup. */
  async emergencyLookup(where: { userId: string } | { phone: string }): Promise<User> {
    if ('userId' in where) return toUser(await this.require(where.userId));
    const e164 = toE164(where.phone);
    return toUser(found(e164 ? await this.users.findByPhone(e164) : null));
  }

  async adminStatus(userId: string): Promise<AdminStatus> {
    const user = await this.require(userId);
    return { isAdmin: user.isAdmin, isModerator: user.isModerator };
  }

  /** The operator command's work: the only way anybody becomes an administrator or a moderator. */
  async grantAdmin(where: { userId: string } | { phone: string }, role: 'admin' | 'moderator' = 'admin'): Promise<User> {
    const user = found(await ('userId' in where ? this.users.findById(where.userId) : this.users.findByPhone(where.phone)));
    return this.change(user.id, (u) => {
      if (role === 'admin') u.isAdmin = true;
      else u.isModerator = true;
      return toUser(u);
    });
  }

  /** Locks the row, applies the edit, bumps the version and announces user.updated, all in one transaction. */
  async change<T>(userId: string, edit: (user: UserEntity, tx: Transaction) => T | Promise<T>): Promise<T> {
    return this.outbox.transaction((tx) => this.changeIn(tx, userId, edit));
  }

  async changeIn<T>(tx: Transaction, userId: string, edit: (user: UserEntity, tx: Transaction) => T | Promise<T>): Promise<T> {
    const user = found(await this.users.lockById(tx.manager, userId));
    const result = await edit(user, tx);
    user.version += 1;
    await this.users.save(tx.manager, user);
    tx.emit(Events.userUpdated, toSnapshot(user));
    return result;
  }

  /** Mirrors the rewards ledger; an older or repeated award never overwrites a newer balance. */
  async applyPointsAwarded(tx: Transaction, award: EventPayload<typeof Events.pointsAwarded>): Promise<void> {
    await this.users.updatePointsIfNewer(tx.manager, award);
  }

  private newUser(account: NewAccount): UserEntity {
    return this.users.create({
      id: randomUUID(),
      username: generateUsername(),
      firstName: account.firstName ?? null,
      useGeneratedName: false,
      points: 0,
      rank: 'Newbie',
      pointsVersion: 0,
      badges: [],
      scoutMode: false,
      isVerified: false,
      hasCommentFeature: true,
      subscriptionTier: 'free',
      profilePicture: null,
      profileFrame: false,
      locationRadius: account.locationRadius ?? DEFAULT_LOCATION_RADIUS,
      notificationRadius: DEFAULT_NOTIFICATION_RADIUS,
      notificationFlags: { ...NOTIFICATION_FLAG_DEFAULTS },
      phone: account.phone ?? null,
      verifiedName: null,
      verifiedEmail: null,
      verificationDate: null,
      verificationSubmittedAt: null,
      isAdmin: false,
      isModerator: false,
      smsSubscribed: false,
      version: 1,
      createdAt: new Date(),
    });
  }
}
