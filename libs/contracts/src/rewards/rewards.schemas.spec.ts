import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-codes';
import { parseOrThrow } from '../validation/parse';
import { leaderboardQuerySchema } from './rewards.schemas';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const REFUSED = 'cursor is not one this server gave out; start again without it';

describe('leaderboardQuerySchema', () => {
  const refusal = (cursor: string): string | null => {
    try {
      parseOrThrow(leaderboardQuerySchema, { cursor });
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe(ErrorCode.VALIDATION_FAILED);
      return (err as DomainError).message;
    }
  };

  it('takes the cursors the service hands out: points earned (a PostgreSQL integer) and a member id', () => {
    for (const points of ['0', '7', '999999999', '2147483647']) expect(refusal(`${points}_${ID}`)).toBeNull();
  });

  it('refuses points past the integer range (the database would fail on them) with the same clear message', () => {
    for (const points of ['2147483648', '2200000000', '9999999999', '99999999999']) expect(refusal(`${points}_${ID}`)).toBe(REFUSED);
  });

  it('refuses an id that is not a UUID even when it has the length of one', () => {
    expect(refusal(`10_${'-'.repeat(36)}`)).toBe(REFUSED);
    expect(refusal(`10_${'a'.repeat(36)}`)).toBe(REFUSED);
  });

  it('documents the very pattern it validates with (the API document is generated from this schema)', () => {
    const doc = z.toJSONSchema(leaderboardQuerySchema, { io: 'input', target: 'openapi-3.0' }) as unknown as { properties: { cursor: { pattern: string } } };
    const pattern = new RegExp(doc.properties.cursor.pattern);
    for (const cursor of [`2147483647_${ID}`, `0_${ID}`]) expect(pattern.test(cursor)).toBe(true);
    for (const cursor of [`2147483648_${ID}`, `9999999999_${ID}`, `10_${'-'.repeat(36)}`]) expect(pattern.test(cursor)).toBe(false);
  });
});
