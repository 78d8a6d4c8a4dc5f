import { createHash } from 'node:crypto';

/** What the users service keeps of a session token: its SHA-256, hex (the token itself is only in the cookie). */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A name for one session that other services may keep (a push subscription is tied to the session that made it): a
 * digest of the kept hash, so it neither signs anybody in nor finds the session's row. The gateway computes it from
 * the cookie's token, the users service from the hash it keeps, and both arrive at the same name.
 */
export function sessionRefOfHash(tokenHash: string): string {
  return createHash('sha256').update(`session-ref:${tokenHash}`).digest('hex');
}

export const sessionRefOfToken = (token: string): string => sessionRefOfHash(sessionTokenHash(token));
