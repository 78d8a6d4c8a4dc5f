import { createHash } from 'node:crypto';
import { mediaParamsSchema } from '@curbside/contracts';
import { assertSafeKey } from '@curbside/platform';

/**
 * The object key named by GET /api/media/*key, or null when no image can live there. Both checks answer "not found",
 * never "bad request" or a 500: a probe for other paths learns nothing it could not learn from a missing photo.
 */
export function parseMediaKey(params: unknown): string | null {
  const parsed = mediaParamsSchema.safeParse(params);
  if (!parsed.success) return null;
  return isSafeKey(parsed.data.key) ? parsed.data.key : null;
}

/** The storage adapters' own guard as well: the contract's pattern is the narrower check, this one the last word. */
function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Keys are generated once and never rewritten, so the key alone identifies the bytes. */
export function entityTagFor(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}
