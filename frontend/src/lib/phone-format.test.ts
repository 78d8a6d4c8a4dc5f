import { formatPhone, isValidCode, isValidPhone } from './phone-format';

describe('phone display', () => {
  it('formats a North American number as (###) ###-#### while typing', () => {
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555-123-45678')).toBe('(555) 123-4567');
  });

  it('keeps a leading country code 1 and leaves other country codes as typed', () => {
    expect(formatPhone('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('+1 (555) 123-4567');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('needs at least 10 digits and a code of exactly 6 digits', () => {
    expect(isValidPhone('(555) 123-456')).toBe(false);
    expect(isValidPhone('(555) 123-4567')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
    expect(isValidCode('123456')).toBe(true);
  });
});
