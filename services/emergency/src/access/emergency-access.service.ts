import { Inject, Injectable } from '@nestjs/common';
import {
  AuthError,
  Calls,
  DomainError,
  EMERGENCY_PARTS,
  EmergencyAccessRequest,
  EmergencyAccessResponse,
  EmergencyError,
  EmergencyLogEntry,
  EmergencyMessages,
  ErrorCode,
  toE164,
  User,
  UserError,
} from '@curbside/contracts';
import { APP_CONFIG, AppConfig, currentRequestContext, RpcCaller, verifyPassword } from '@curbside/platform';
import { AuditAttempt, AuditLog, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from '../audit/audit-log';

type Part = (typeof EMERGENCY_PARTS)[number];
type Refusal = { code: ErrorCode; message: string; detail: string; outcome?: 'refused' | 'locked'; retryAfterSeconds?: number };

/** A users service that did not answer: the attempt is still audited, and the admin told to try again. */
function usersUnavailable(err: unknown): Refusal {
  const message = err instanceof DomainError ? err.message : 'The users service is unavailable. Please try again.';
  return { code: ErrorCode.UNAVAILABLE, message, detail: 'users_unavailable' };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECENT_ITEMS = 10;

/**
 * The emergency lookup (docs/security.md): an admin session, the emergency password checked here against the
 * configured hash, a reason, then the target's data from users, items and rewards. Every attempt, granted or
 * not, is one entry of the audit log, written before the answer leaves.
 */
@Injectable()
export class EmergencyAccessService {
  constructor(
    private readonly audit: AuditLog,
    private readonly services: RpcCaller,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async access(callerId: string | undefined, request: EmergencyAccessRequest): Promise<EmergencyAccessResponse> {
    const attempt = (adminUserId: string | null, detail: string, outcome: AuditAttempt['outcome'], targetUserId: string | null = null): AuditAttempt => ({
      adminUserId,
      targetUserId,
      searchType: request.searchType,
      reason: request.reason?.trim() ?? '',
      lawEnforcementCase: request.lawEnforcementCase?.trim() || null,
      outcome,
      detail,
      requestId: currentRequestContext()?.requestId ?? 'internal',
    });
    const refuse = async (adminUserId: string | null, refusal: Refusal, targetUserId: string | null = null): Promise<never> => {
      await this.audit.append(attempt(adminUserId, refusal.detail, refusal.outcome ?? 'refused', targetUserId));
      throw new DomainError(refusal.code, refusal.message);
    };

    if (!callerId) return refuse(null, { code: ErrorCode.UNAUTHENTICATED, message: 'Please sign in first', detail: 'not_signed_in' });
    const passwordHash = this.config.EMERGENCY_PASSWORD_HASH;
    if (!passwordHash) return refuse(callerId, { code: EmergencyError.DISABLED, message: EmergencyMessages.disabled, detail: 'disabled' });
    if (request.adminUserId !== undefined && request.adminUserId !== callerId) {
      return refuse(callerId, { code: AuthError.NOT_YOURSELF, message: 'You can only act as yourself', detail: 'not_self' });
    }
    const admin = await this.isAdmin(callerId).catch((err: unknown) => usersUnavailable(err));
    if (admin !== true) return refuse(callerId, admin === false ? { code: EmergencyError.NOT_ADMIN, message: EmergencyMessages.notAdmin, detail: 'not_admin' } : admin);
    if (!request.reason?.trim() || !request.targetUserId?.trim()) {
      return refuse(callerId, { code: EmergencyError.MISSING_INFORMATION, message: EmergencyMessages.missingInformation, detail: 'missing_information' });
    }

    // The lockout and the password are decided under the audit log's lock, so parallel guesses cannot slip past.
    const { result: refusal } = await this.audit.appendDecided<Refusal | null>(async (tx) => {
      const now = new Date();
      const failures = await this.audit.recentFailures(tx, callerId, now);
      if (failures.length >= LOCKOUT_FAILURES) {
        const endsAt = failures[failures.length - LOCKOUT_FAILURES].getTime() + LOCKOUT_WINDOW_MS;
        const minutes = Math.max(1, Math.ceil((endsAt - now.getTime()) / 60_000));
        return {
          attempt: attempt(callerId, 'locked_out', 'locked'),
          result: { code: EmergencyError.LOCKED_OUT, message: EmergencyMessages.locked(minutes), detail: 'locked_out', retryAfterSeconds: (endsAt - now.getTime()) / 1000 },
        };
      }
      if (!(await verifyPassword(request.adminPassword ?? '', passwordHash))) {
        return { attempt: attempt(callerId, 'wrong_password', 'refused'), result: { code: EmergencyError.WRONG_PASSWORD, message: EmergencyMessages.wrongPassword, detail: 'wrong_password' } };
      }
      // The password was right: the attempt's one entry is written below, once its outcome is known.
      return { attempt: null, result: null };
    });
    if (refusal) throw new DomainError(refusal.code, refusal.message, refusal.retryAfterSeconds);

    const target = await this.findTarget(request).catch((err: unknown) => ({ refusal: usersUnavailable(err) }));
    if ('refusal' in target) return refuse(callerId, target.refusal);
    const { user } = target;

    const [rewards, items] = await Promise.allSettled([
      this.services.call(Calls.rewards.summary, { userId: user.id }),
      this.services.call(Calls.items.byUser, { userId: user.id }, user.id),
    ]);
    const unavailable: Part[] = [];
    if (rewards.status === 'rejected') unavailable.push('activity', 'recentActivity');
    if (items.status === 'rejected') unavailable.push('recentItems');

    const auditEntryId = await this.audit.append(attempt(callerId, 'ok', 'granted', user.id));
    return {
      user,
      activity:
        rewards.status === 'fulfilled'
          ? { points: rewards.value.points, earnedPoints: rewards.value.earnedPoints, rank: rewards.value.rank, scoutMode: user.scoutMode, badges: rewards.value.badges }
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
      unavailable,
      auditEntryId,
    };
  }

  /** The access log, for administrators only. */
  async logs(callerId: string | undefined, adminUserId: string | undefined): Promise<EmergencyLogEntry[]> {
    if (!callerId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    if (adminUserId !== undefined && adminUserId !== callerId) throw new DomainError(AuthError.NOT_YOURSELF, 'You can only act as yourself');
    if (!(await this.isAdmin(callerId))) throw new DomainError(EmergencyError.NOT_ADMIN, EmergencyMessages.notAdmin);
    return this.audit.list();
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

  private async findTarget(request: EmergencyAccessRequest): Promise<{ user: User } | { refusal: Refusal }> {
    const wanted = (request.targetUserId ?? '').trim();
    let where: { userId: string } | { phone: string };
    if (request.searchType === 'phone') {
      const e164 = toE164(wanted);
      if (!e164) return { refusal: { code: EmergencyError.BAD_PHONE, message: EmergencyMessages.badPhone, detail: 'bad_phone' } };
      where = { phone: e164 };
    } else {
      if (!UUID.test(wanted)) return { refusal: { code: EmergencyError.TARGET_NOT_FOUND, message: EmergencyMessages.targetNotFound, detail: 'target_not_found' } };
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
