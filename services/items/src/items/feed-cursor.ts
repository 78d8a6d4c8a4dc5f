import { DomainError, ErrorCode } from '@curbside/contracts';

/** The feed's page marker: the last item's created_at (µs) and id, opaque to clients. */
export function encodeCursor(createdAtMicros: string, id: string): string {
  return Buffer.from(`${createdAtMicros}.${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAtMicros: string; id: string } {
  // At most 16 digits of µs (until the year 2286) and a real uuid: anything else never came from encodeCursor.
  const match = /^(\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'The cursor is not valid: take it from the X-Next-Cursor header');
  return { createdAtMicros: match[1], id: match[2] };
}
