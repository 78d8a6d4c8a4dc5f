import { ErrorCode } from '@curbside/contracts';
import { idempotencyKeyOf } from './idempotency-key.decorator';

const withHeader = (value: string | undefined) =>
  ({ headers: value === undefined ? {} : { 'idempotency-key': value } }) as Parameters<typeof idempotencyKeyOf>[0];

describe('idempotencyKeyOf', () => {
  it('reads a key of 1 to 255 printable ASCII characters, and nothing without the header', () => {
    expect(idempotencyKeyOf(withHeader('0b7f3c1e-5d9a-4a57-9c3e-2f1d8e6a4b10'))).toBe('0b7f3c1e-5d9a-4a57-9c3e-2f1d8e6a4b10');
    expect(idempotencyKeyOf(withHeader('a'.repeat(255)))).toHaveLength(255);
    expect(idempotencyKeyOf(withHeader('x y~!'))).toBe('x y~!');
    expect(idempotencyKeyOf(withHeader(undefined))).toBeUndefined();
  });

  it.each([
    ['empty', '', 'Idempotency-Key must not be empty'],
    ['too long', 'a'.repeat(256), 'Idempotency-Key must be at most 255 characters'],
    ['not ASCII', 'clé', 'Idempotency-Key must be printable ASCII characters only'],
    ['a control character', 'a\tb', 'Idempotency-Key must be printable ASCII characters only'],
  ])('refuses a key that is %s with a 400 that says why', (_case, value, message) => {
    expect(() => idempotencyKeyOf(withHeader(value))).toThrow(expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED, message }));
  });
});
