import { Inject, Injectable } from '@nestjs/common';
import {
  AuthError,
  CallReply,
  Calls,
  DomainError,
  EMERGENCY_PARTS,
  EMERGENCY_ELEVATION_MINUTES,
  EMERGENCY_LOOKUPS_PER_UNLOCK,
  EmergencyAccessRequest,
  EmergencyAccessResponse,
  EmergencyError,
  EmergencyLogEntry,
  EmergencyMessages,
  EmergencyUnlockRequest,
  EmergencyUnlockResponse,
  ErrorCode,
  toE164,
  UserError,
} from '@curbside/contracts';
import { APP_CONFIG, AppConfig, currentRequestContext, RpcCaller, verifyPassword } from '@curbside/platform';
import { AuditAttempt, AuditLog, GATE_REFUSALS, lockedUntil } from '../audit/audit-log';
import { ElevationsRepository } from '../elevation/elevations.repository';

type Part = (typeof EMERGENCY_PARTS)[number];
/** A hash of the caller's session token from the gateway (never the token); null without a session cookie. */
type SessionKey = string | null;
type Refusal = { code: ErrorCode; message: string; detail: string; outcome?: 'refused' | 'locked'; retryAfterSeconds?: number };

/** A users service that did not answer: the attempt is still audited, and the admin told to try again. */
function usersUnavailable(err: unknown): Refusal {
  const message = err instanceof DomainError ? err.message : 'The users service is unavailable. Please try again.';
  return { code: ErrorCode.UNAVAILABLE, message, detail: 'users_unavailable' };
}

const elevationRequired: Refusal = { code: EmergencyError.ELEVATION_REQUIRED, message: EmergencyMessages.elevationRequired, detail: 'no_elevation' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECENT_ITEMS = 10;

/**
 * The emergency lookup (docs/security.md): an admin session unlocks with the emergency password, checked here against
 * the configured hash, which opens a 10-minute elevation of that session; each lookup then needs that elevation and a
 * reason, and reads the target's data from users, items and rewards. Every unlock and every lookup, granted or not,
 * is one entry of the audit log, written before the answer leaves.
 */
@Injectable()
export class EmergencyAccessService {
  constructor(
    private readonly audit: AuditLog,
    private readonly services: RpcCaller,
    private readonly elevations: ElevationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The password opens an elevation of this session for EMERGENCY_ELEVATION_MINUTES. Unlock entries are the log's
   * entries without a search type. Wrong passwords count toward the lockout, which is decided under the log's lock.
   */
  async unlock(callerId: string | undefined, request: EmergencyUnlockRequest & { sessionKey: SessionKey }): Promise<EmergencyUnlockResponse> {
    const attempt = (adminUserId: string | null, detail: string, outcome: AuditAttempt['outcome']): AuditAttempt => ({
      adminUserId,
      targetUserId: null,
      searchType: null,
      reason: '',
      lawEnforcementCase: null,
      outcome,
      detail,
      requestId: currentRequestContext()?.requestId ?? 'internal',
    });
    const refuse = async (adminUserId: string | null, refusal: Refusal): Promise<never> => {
      await this.audit.append(attempt(adminUserId, refusal.detail, refusal.outcome ?? 'refused'));
      throw new DomainError(refusal.code, refusal.message, refusal.retryAfterSeconds);
    };
    const gate = await this.admitAdmin(callerId, request.adminUserId);
    if ('refusal' in gate) return refuse(callerId ?? null, gate.refusal);
    const { adminId, passwordHash } = gate;
    // Without a session there is nothing to bind the elevation to (the gateway sends a key whenever a cookie came).
    if (!request.sessionKey) return refuse(null, { code: ErrorCode.UNAUTHENTICATED, message: 'Please sign in first', detail: 'not_signed_in' });
    const sessionKey = request.sessionKey;

    const { result } = await this.audit.appendDecided<Refusal | { expiresAt: Date }>(async (tx) => {
      const now = new Date();
      const locked = lockedUntil(await this.audit.recentFailures(tx, adminId, now), now);
      if (locked) {
        const endsAt = locked.getTime();
        const minutes = Math.max(1, Math.ceil((endsAt - now.getTime()) / 60_000));
        return {
          attempt: attempt(adminId, 'locked_out', 'locked'),
          result: {
            code: EmergencyError.LOCKED_OUT,
            message: EmergencyMessages.locked(minutes),
            detail: 'locked_out',
            retryAfterSeconds: (endsAt - now.getTime()) / 1000,
          },
        };
      }
      if (!(await verifyPassword(request.adminPassword ?? '', passwordHash))) {
        return {
          attempt: attempt(adminId, 'wrong_password', 'refused'),
          result: { code: EmergencyError.WRONG_PASSWORD, message: EmergencyMessages.wrongPassword, detail: 'wrong_password' },
        };
      }
      const opened = { expiresAt: new Date(0) };
      return {
        attempt: attempt(adminId, 'unlocked', 'granted'),
        result: opened,
        afterAppend: async (inner, entryId) => {
          opened.expiresAt = await this.elevations.open(inner, sessionKey, adminId, entryId, EMERGENCY_ELEVATION_MINUTES);
        },
      };
    });
    if ('code' in result) throw new DomainError(result.code, result.message, result.retryAfterSeconds);
    return { expiresAt: result.expiresAt.toISOString() };
  }

  async access(callerId: string | undefined, request: EmergencyAccessRequest & { sessionKey: SessionKey }): Promise<EmergencyAccessResponse> {
    // A refused entry keeps the member that was asked for when the ask names one by id (the column holds ids only).
    const asked = request.searchType === 'id' && UUID.test(request.targetUserId?.trim() ?? '') ? (request.targetUserId as string).trim().toLowerCase() : null;
    const attempt = (adminUserId: string | null, detail: string, outcome: AuditAttempt['outcome'], targetUserId: string | null = asked): AuditAttempt => ({
      adminUserId,
      targetUserId,
      searchType: request.searchType,
      // A refusal at the gate keeps no text the caller typed (GATE_REFUSALS).
      reason: GATE_REFUSALS.includes(detail) ? '' : (request.reason?.trim() ?? ''),
      lawEnforcementCase: GATE_REFUSALS.includes(detail) ? null : request.lawEnforcementCase?.trim() || null,
      outcome,
      detail,
      requestId: currentRequestContext()?.requestId ?? 'internal',
    });
    const refuse = async (adminUserId: string | null, refusal: Refusal, targetUserId: string | null = asked): Promise<never> => {
      await this.audit.append(attempt(adminUserId, refusal.detail, refusal.outcome ?? 'refused', targetUserId));
      throw new DomainError(refusal.code, refusal.message);
    };

    const gate = await this.admitAdmin(callerId, request.adminUserId);
    if ('refusal' in gate) return refuse(callerId ?? null, gate.refusal);
    const elevated = await this.hasElevation(gate.adminId, request.sessionKey);
    if (!elevated) return refuse(gate.adminId, elevationRequired);
    if (!request.reason?.trim() || !request.targetUserId?.trim()) {
      return refuse(gate.adminId, { code: EmergencyError.MISSING_INFORMATION, message: EmergencyMessages.missingInformation, detail: 'missing_information' });
    }
    const adminId = gate.adminId;

    const target = await this.findTarget(request).catch((err: unknown) => ({ refusal: usersUnavailable(err) }));
    if ('refusal' in target) return refuse(adminId, target.refusal);
    const { emergencyContact, ...user } = target.user;

    const [rewards, items, position] = await Promise.allSettled([
      this.services.call(Calls.rewards.summary, { userId: user.id }),
      this.services.call(Calls.items.byUser, { userId: user.id }, user.id),
      this.services.call(Calls.notifications.lastPosition, { userId: user.id }),
    ]);
    const unavailable: Part[] = [];
    if (rewards.status === 'rejected') unavailable.push('activity', 'recentActivity');
    if (items.status === 'rejected') unavailable.push('recentItems');
    if (position.status === 'rejected') unavailable.push('lastPosition');

    // Decided under the log's lock, so lookups sent at once cannot pass the unlock's allowance together. Past it the
    // elevation ends and nothing of the member leaves; the admin unlocks again (another audited entry) to go on.
    const sessionKey = request.sessionKey as string;
    const { entryId, result: refusal } = await this.audit.appendDecided<Refusal | null>(async (tx) => {
      const lookups = await this.elevations.lookupsSinceUnlock(tx, sessionKey, adminId);
      if (lookups === null) return { attempt: attempt(adminId, elevationRequired.detail, 'refused', user.id), result: elevationRequired };
      if (lookups < EMERGENCY_LOOKUPS_PER_UNLOCK) return { attempt: attempt(adminId, 'ok', 'granted', user.id), result: null };
      await this.elevations.close(tx, sessionKey, adminId);
      const used: Refusal = {
        code: EmergencyError.ELEVATION_REQUIRED,
        message: EmergencyMessages.lookupLimit(EMERGENCY_LOOKUPS_PER_UNLOCK),
        detail: 'lookup_limit',
      };
      return { attempt: attempt(adminId, used.detail, 'refused', user.id), result: used };
    });
    if (refusal) throw new DomainError(refusal.code, refusal.message);
    const auditEntryId = entryId as string;
    return {
      user,
      activity:
        rewards.status === 'fulfilled'
          ? {
              points: rewards.value.points,
              earnedPoints: rewards.value.earnedPoints,
              rank: rewards.value.rank,
              scoutMode: user.scoutMode,
              badges: rewards.value.badges,
            }
          : null,
      settings: {
        locationRadius: user.locationRadius,
        notificationRadius: user.notificationRadius,
        enableSmsNotifications: user.enableSmsNotifications,
        smsSubscribed: user.smsSubscribed,
      },
      recentActivity: rewards.status === 'fulfilled' ? rewards.value.recentActivity : [],
      recentItems:
        items.status === 'fulfilled'
          ? items.value.slice(0, RECENT_ITEMS).map((i) => ({ id: i.id, title: i.title, status: i.status, createdAt: i.createdAt }))
          : [],
      lastPosition: position.status === 'fulfilled' ? position.value.position : null,
      emergencyContact,
      unavailable,
      auditEntryId,
    };
  }

  /** The access log, for administrators whose session holds a live elevation. */
  async logs(callerId: string | undefined, adminUserId: string | undefined, sessionKey: SessionKey): Promise<EmergencyLogEntry[]> {
    if (!callerId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    if (adminUserId !== undefined && adminUserId !== callerId) throw new DomainError(AuthError.NOT_YOURSELF, 'You can only act as yourself');
    if (!(await this.isAdmin(callerId))) throw new DomainError(EmergencyError.NOT_ADMIN, EmergencyMessages.notAdmin);
    if (!(await this.hasElevation(callerId, sessionKey))) throw new DomainError(elevationRequired.code, elevationRequired.message);
    return this.audit.list();
  }

  /** The checks before any password or elevation: signed in, acting as oneself, the tool turned on, an administrator. */
  private async admitAdmin(
    callerId: string | undefined,
    claimedAdminId: string | undefined,
  ): Promise<{ adminId: string; passwordHash: string } | { refusal: Refusal }> {
    if (!callerId) return { refusal: { code: ErrorCode.UNAUTHENTICATED, message: 'Please sign in first', detail: 'not_signed_in' } };
    const passwordHash = this.config.EMERGENCY_PASSWORD_HASH;
    if (!passwordHash) return { refusal: { code: EmergencyError.DISABLED, message: EmergencyMessages.disabled, detail: 'disabled' } };
    if (claimedAdminId !== undefined && claimedAdminId !== callerId) {
      return { refusal: { code: AuthError.NOT_YOURSELF, message: 'You can only act as yourself', detail: 'not_self' } };
    }
    const admin = await this.isAdmin(callerId).catch((err: unknown) => usersUnavailable(err));
    if (admin !== true)
      return { refusal: admin === false ? { code: EmergencyError.NOT_ADMIN, message: EmergencyMessages.notAdmin, detail: 'not_admin' } : admin };
    return { adminId: callerId, passwordHash };
  }

  /**
   * The elevation is bound to the session that unlocked it: the gateway resolves the session on every call, so a
   * signed-out (revoked) session never reaches here with its key, and a new session has another key.
   */
  private async hasElevation(adminId: string, sessionKey: SessionKey): Promise<boolean> {
    return sessionKey !== null && (await this.elevations.isLive(sessionKey, adminId));
  }

  private async isAdmin(callerId: string): Promise<boolean> {
    try {
      return (await this.services.call(Calls.users.adminStatus, {}, callerId)).isAdmin;
    } catch (err) {
      // A caller the users service does not know is no administrator; an unreachable users service is an outage.
      if (err instanceof DomainError && (err.code === UserError.NOT_FOUND || err.code === ErrorCode.UNAUTHENTICATED)) return false;
      throw err;
    }
  }

  private async findTarget(request: EmergencyAccessRequest): Promise<{ user: CallReply<typeof Calls.users.emergencyLookup> } | { refusal: Refusal }> {
    const wanted = (request.targetUserId ?? '').trim();
    let where: { userId: string } | { phone: string };
    if (request.searchType === 'phone') {
      const e164 = toE164(wanted);
      if (!e164) return { refusal: { code: EmergencyError.BAD_PHONE, message: EmergencyMessages.badPhone, detail: 'bad_phone' } };
      where = { phone: e164 };
    } else {
      if (!UUID.test(wanted))
        return { refusal: { code: EmergencyError.TARGET_NOT_FOUND, message: EmergencyMessages.targetNotFound, detail: 'target_not_found' } };
      where = { userId: wanted };
    }
    try {
      return { user: await this.services.call(Calls.users.emergencyLookup, where) };
    } catch (err) {
      if (err instanceof DomainError && err.code === UserError.NOT_FOUND) {
        return { refusal: { code: EmergencyError.TARGET_NOT_FOUND, message: EmergencyMessages.targetNotFound, detail: 'target_not_found' } };
      }
      throw err;
    }
  }
}
