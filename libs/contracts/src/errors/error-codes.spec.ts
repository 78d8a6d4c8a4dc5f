import { commonCodeForStatus, ERROR_CODES, ERROR_STATUS, ErrorCode, isErrorCode, isWireError } from './error-codes';
import { ItemError } from '../items/items.errors';
import { EmergencyError } from '../emergency/emergency.errors';

describe('error codes', () => {
  it('are MODULE.NAME, each with a 4xx or 5xx status', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z]+\.[A-Z_]+$/);
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it('name their module and answer with the status declared beside them', () => {
    expect(ItemError.NOT_AVAILABLE).toBe('ITEM.NOT_AVAILABLE');
    expect(ERROR_STATUS[ItemError.NOT_AVAILABLE]).toBe(409);
    expect(ERROR_STATUS[EmergencyError.WRONG_PASSWORD]).toBe(401);
  });

  it('gives each HTTP status the shared layers raise a shared code', () => {
    expect(commonCodeForStatus(404)).toBe(ErrorCode.NOT_FOUND);
    expect(commonCodeForStatus(415)).toBe(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    expect(commonCodeForStatus(418)).toBe(ErrorCode.VALIDATION_FAILED);
    expect(commonCodeForStatus(502)).toBe(ErrorCode.INTERNAL);
  });

  it('recognise a wire error only with a known code and a message', () => {
    expect(isErrorCode('ITEM.NOT_FOUND')).toBe(true);
    expect(isErrorCode('ITEM.NOPE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isWireError({ code: 'REWARD.LIMIT_REACHED', message: 'x' })).toBe(true);
    expect(isWireError({ code: 'REWARD.LIMIT_REACHED' })).toBe(false);
  });
});
