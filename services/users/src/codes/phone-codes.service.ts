import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '@curbside/contracts';
import { APP_CONFIG, AppConfig } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { CodePurpose, PhoneCodeEntity } from './phone-code.entity';
import {
  CODE_TTL_MS,
  codeMatches,
  generateCode,
  hashCode,
  MAX_ATTEMPTS,
  MAX_SENDS_PER_HOUR,
  MIN_SECONDS_BETWEEN_SENDS,
} from './phone-code.rules';

export interface IssueCode {
  phone: string;
  purpose: CodePurpose;
  userId?: string;
  pendingName?: string;
}

export type CodeCheck = { ok: true; code: PhoneCodeEntity } | { ok: false; message: string };

const INVALID = 'Invalid verification code';

/** One-time codes: issued with per-phone limits, stored hashed, 10 minutes, 5 tries, used once. */
@Injectable()
export class PhoneCodesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Returns the plain code for the SMS; it is never stored or returned anywhere else. */
  async issue(manager: EntityManager, request: IssueCode): Promise<string> {
    const [{ lastHour, newest }]: { lastHour: number; newest: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS "lastHour", max(created_at) AS newest FROM users.phone_codes
       WHERE phone = $1 AND created_at > now() - interval '1 hour'`,
      [request.phone],
    );
    if (newest && Date.now() - new Date(newest).getTime() < MIN_SECONDS_BETWEEN_SENDS * 1000) {
      const wait = MIN_SECONDS_BETWEEN_SENDS - (Date.now() - new Date(newest).getTime()) / 1000;
      throw new DomainError(ErrorCode.RATE_LIMITED, `Please wait ${MIN_SECONDS_BETWEEN_SENDS} seconds before asking for another code.`, wait);
    }
    if (lastHour >= MAX_SENDS_PER_HOUR) {
      throw new DomainError(ErrorCode.RATE_LIMITED, 'Too many codes were requested for this number. Please try again in an hour.', 3600);
    }
    await manager.query(`UPDATE users.phone_codes SET dead_at = now() WHERE phone = $1 AND purpose = $2 AND dead_at IS NULL`, [
      request.phone,
      request.purpose,
    ]);
    const code = generateCode();
    const now = new Date();
    await manager.insert(PhoneCodeEntity, {
      id: randomUUID(),
      phone: request.phone,
      purpose: request.purpose,
      codeHash: hashCode(this.config.SESSION_SECRET, request.phone, request.purpose, code),
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
   * fails the request. A right code is not used up here: `consume` does that inside the caller's work.
   */
  async check(phone: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    return this.dataSource.transaction(async (manager) => {
      const live = await manager
        .createQueryBuilder(PhoneCodeEntity, 'c')
        .where('c.phone = :phone AND c.purpose = :purpose AND c.dead_at IS NULL', { phone, purpose })
        .orderBy('c.created_at', 'DESC')
        .setLock('pessimistic_write')
        .getOne();
      if (!live) return { ok: false, message: INVALID };
      if (live.expiresAt.getTime() <= Date.now()) {
        await manager.update(PhoneCodeEntity, { id: live.id }, { deadAt: new Date() });
        return { ok: false, message: 'This code has expired. Please request a new one.' };
      }
      if (codeMatches(live.codeHash, hashCode(this.config.SESSION_SECRET, phone, purpose, code))) return { ok: true, code: live };
      const attempts = live.attempts + 1;
      const dead = attempts >= MAX_ATTEMPTS;
      await manager.update(PhoneCodeEntity, { id: live.id }, { attempts, deadAt: dead ? new Date() : null });
      return { ok: false, message: dead ? `${INVALID}. Too many tries: please request a new code.` : INVALID };
    });
  }

  /** Uses the code up; false when another request already did (two tabs, one code). */
  async consume(manager: EntityManager, code: PhoneCodeEntity): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query(
      `UPDATE users.phone_codes SET dead_at = now() WHERE id = $1 AND dead_at IS NULL`,
      [code.id],
    );
    return affected === 1;
  }

  static fail(check: CodeCheck & { ok: false }): never {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, check.message);
  }
}
