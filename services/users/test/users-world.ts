import { randomInt } from 'node:crypto';
import { DomainError } from '@curbside/contracts';
import { LogSmsSender } from '@curbside/platform';
import { ServiceUnderTest } from '@curbside/testing';

/** Helpers shared by the users service's medium tests (each file starts its own service on a fresh database). */

/** A fresh North American number, typed as people type it, and its E.164 form. */
export function newPhone(): { typed: string; e164: string } {
  const digits = `555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  return { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, e164: `+1${digits}` };
}

/** What a refused call answered: its code, message and retryAfterSeconds; fails when the call succeeded. */
export async function refusalOf(call: Promise<unknown>): Promise<{ code: string; message: string; retryAfterSeconds?: number }> {
  const outcome = await call.then(
    (reply) => ({ reply }),
    (err: unknown) => ({ err }),
  );
  if (!('err' in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.reply)}`);
  if (!(outcome.err instanceof DomainError)) throw outcome.err;
  const { code, message, retryAfterSeconds } = outcome.err;
  return retryAfterSeconds === undefined ? { code, message } : { code, message, retryAfterSeconds };
}

/** The service's SMS adapter: the log one, which keeps what it sent. */
export function smsOf(sut: ServiceUnderTest): LogSmsSender {
  const sms = sut.infrastructure.sms;
  if (!(sms instanceof LogSmsSender)) throw new Error('the users service does not use the log SMS adapter');
  return sms;
}

/** Texts sent to a number so far. */
export function textsTo(sut: ServiceUnderTest, e164: string): number {
  return smsOf(sut).sentTo(e164).length;
}

/** The code of the newest text to a number. */
export function lastCode(sut: ServiceUnderTest, e164: string): string {
  const code = smsOf(sut)
    .lastTo(e164)
    ?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${e164}`);
  return code;
}

/** Moves a number's codes back in time, as if the caller had waited that long. */
export async function elapse(sut: ServiceUnderTest, e164: string, seconds: number): Promise<void> {
  await sut.service.runtime.dataSource.query(
    `UPDATE users.phone_codes SET created_at = created_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) WHERE phone = $1`,
    [e164, seconds],
  );
}
