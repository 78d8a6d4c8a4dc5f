import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthError, callingCodeOf, callingCodesOf, DomainError } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, secondsUntilHourFrees } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { CodePurpose, PhoneCodeEntity } from './phone-code.entity';
import { PhoneCodesRepository } from './phone-codes.repository';
import {
  CODE_NOT_SENT_MESSAGE,
  CODE_TTL_MS,
  codeMatches,
  generateCode,
  hashCode,
  MAX_ATTEMPTS,
  MAX_SENDS_PER_HOUR,
  MAX_SENDS_PER_HOUR_PER_PHONE,
  MIN_SECONDS_BETWEEN_SENDS,
  PROVEN_DEVICE_DAYS,
} from './phone-code.rules';

export interface IssueCode {
  phone: string;
  purpose: CodePurpose;
  userId?: string;
  pendingName?: string;
  /** The client's network as the gateway counts it (an IPv4 address or an IPv6 /64). */
  requester?: string;
  /** The browser that asks (RpcMeta.device): only its tries are weighed against the code. */
  device?: string;
  /** False when the code will not be sent (a verification for a number that is another account's); true if unset. */
  texted?: boolean;
}

export type CodeCheck = { ok: true; code: PhoneCodeEntity } | { ok: false; message: string };

const INVALID = 'Invalid verification code';

/** One-time codes: issued with per-phone limits, stored hashed, 10 minutes, 5 tries, used once. */
@Injectable()
export class PhoneCodesService {
  private readonly log = createLogger('phone-codes');
  private readonly allowedCallingCodes: Set<string>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: PhoneCodesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.allowedCallingCodes = callingCodesOf(config.PHONE_COUNTRIES);
  }

  /**
   * Returns the plain code for the SMS; it is never stored or returned anywhere else. Quotas count per requester
   * and number (30 s apart, 5 an hour), with a gentler ceiling per number from everybody (20 an hour), past which a
   * browser that typed a right code for the number before still gets 5 an hour of its own; a new code
   * replaces only the same requester's earlier one, so nobody can cancel the owner's codes, and codes that were never
   * texted do not count toward the ceiling of a code that will be (PhoneCodesRepository.recentSends).
   */
  async issue(manager: EntityManager, request: IssueCode): Promise<string> {
    const callingCode = callingCodeOf(request.phone);
    if (!callingCode || !this.allowedCallingCodes.has(callingCode)) {
      throw new DomainError(AuthError.COUNTRY_NOT_SUPPORTED, 'Phone numbers from this country are not supported yet');
    }
    const requester = this.requesterKey(request.requester);
    const texted = request.texted ?? true;
    const { mine, ofDevice, all, newest } = await this.codes.recentSends(manager, request.phone, requester, request.device ?? '', texted);
    if (newest && Date.now() - new Date(newest).getTime() < MIN_SECONDS_BETWEEN_SENDS * 1000) {
      const wait = MIN_SECONDS_BETWEEN_SENDS - (Date.now() - new Date(newest).getTime()) / 1000;
      throw new DomainError(AuthError.TOO_MANY_CODES, `Please wait ${MIN_SECONDS_BETWEEN_SENDS} seconds before asking for another code.`, wait);
    }
    // Past the ceiling, a proven browser still gets its own 5 an hour, on every network together.
    const pastCeiling = all >= MAX_SENDS_PER_HOUR_PER_PHONE && (ofDevice >= MAX_SENDS_PER_HOUR || !(await this.provenBy(manager, request)));
    if (mine >= MAX_SENDS_PER_HOUR || pastCeiling) {
      throw new DomainError(AuthError.TOO_MANY_CODES, 'Too many codes were requested for this number. Please try again in an hour.', 3600);
    }
    // Checked for a code that will not be texted too: its answer must be the same as for a free number's.
    await this.withinTextBudget(manager);
    await this.codes.endLiveCodesOf(manager, request.phone, request.purpose, requester);
    const code = generateCode();
    const now = new Date();
    await this.codes.insert(manager, {
      id: randomUUID(),
      phone: request.phone,
      purpose: request.purpose,
      codeHash: hashCode(this.config.SESSION_SECRET, request.phone, request.purpose, code),
      requester,
      device: request.device ?? '',
      texted,
      userId: request.userId ?? null,
      pendingName: request.pendingName ?? null,
      attempts: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      deadAt: null,
    });
    return code;
  }

  /**
   * Checks a code in a transaction of its own, so that a wrong try is counted even though the caller then
   * fails the request. A right code is not used up here: `consume` does that inside the caller's work. Only the codes
   * this device asked for are weighed: a stranger's guesses neither try nor end the owner's code (their own, if they
   * asked for one, was texted to the owner).
   */
  async check(phone: string, purpose: CodePurpose, code: string, device = ''): Promise<CodeCheck> {
    return this.dataSource.transaction(async (manager) => {
      // The device may hold live codes from several networks (a phone off its Wi-Fi); a try counts against each.
      const live = await this.codes.lockLive(manager, phone, purpose, device);
      const fresh = live.filter((c) => c.expiresAt.getTime() > Date.now());
      for (const stale of live.filter((c) => !fresh.includes(c))) await this.codes.markDead(manager, stale.id);
      if (fresh.length === 0) {
        return { ok: false, message: live.length > 0 ? 'This code has expired. Please request a new one.' : INVALID };
      }
      const tried = hashCode(this.config.SESSION_SECRET, phone, purpose, code);
      const match = fresh.find((c) => codeMatches(c.codeHash, tried));
      if (match) return { ok: true, code: match };
      let allDead = true;
      for (const candidate of fresh) {
        const attempts = candidate.attempts + 1;
        const dead = attempts >= MAX_ATTEMPTS;
        allDead &&= dead;
        await this.codes.recordTries(manager, candidate.id, attempts, dead);
      }
      return { ok: false, message: allDead ? `${INVALID}. Too many tries: please request a new code.` : INVALID };
    });
  }

  /**
   * SMS_CODES_PER_HOUR texts of codes in any hour, all numbers together: what someone sending codes to many numbers
   * from many networks (SMS pumping) can cost. Past it nobody gets a code until the oldest of the hour ages out, and
   * the operators are told in the log.
   */
  private async withinTextBudget(manager: EntityManager): Promise<void> {
    const { count, oldest } = await this.codes.textedInLastHour(manager);
    if (count < this.config.SMS_CODES_PER_HOUR) return;
    this.log.warn({ texted: count, budget: this.config.SMS_CODES_PER_HOUR }, 'the hourly budget of texted codes is spent: codes are refused');
    throw new DomainError(AuthError.CODE_NOT_SENT, CODE_NOT_SENT_MESSAGE, secondsUntilHourFrees(oldest));
  }

  /** The requester as stored: an HMAC of the client's address (empty when a caller inside the system asks). */
  private requesterKey(requester: string | undefined): string {
    return requester ? createHmac('sha256', this.config.SESSION_SECRET).update(`requester:${requester}`).digest('base64url') : '';
  }

  /** Uses the code up; false when another request already did (two tabs, one code). */
  async consume(manager: EntityManager, code: PhoneCodeEntity): Promise<boolean> {
    if (!(await this.codes.useUp(manager, code.id))) return false;
    if (code.device) await this.codes.noteProvenDevice(manager, code.phone, code.device);
    return true;
  }

  /**
   * Whether the asking browser typed a right code for this number within PROVEN_DEVICE_DAYS: it gets the number's
   * texts, so the ceiling from everybody, which strangers can reach from a few networks, does not hold its codes back.
   */
  private async provenBy(manager: EntityManager, request: IssueCode): Promise<boolean> {
    return !!request.device && this.codes.provenDevice(manager, request.phone, request.device, PROVEN_DEVICE_DAYS);
  }

  static fail(check: CodeCheck & { ok: false }): never {
    throw new DomainError(AuthError.INVALID_CODE, check.message);
  }
}
