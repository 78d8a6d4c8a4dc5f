import { vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { emptyGarageSale, fieldOfRefusal, parseDuration, validateGarageSale } from './garage-sale-rules';

describe('garage sale rules', () => {
  const valid = { ...emptyGarageSale(), title: 'Sale', locationDescription: 'Chelsea', address: '1 Main St', contactInfo: '555-0100' };

  it('accepts a complete form', () => expect(validateGarageSale(valid)).toEqual({}));

  it('has every message of spec §5', () => {
    const errors = validateGarageSale({
      ...valid,
      title: '',
      category: '',
      locationDescription: '',
      address: '',
      contactInfo: '',
      startDate: '',
      startTime: '',
      endDate: '',
      endTime: '',
    });
    expect(Object.values(errors)).toEqual([
      'Title is required',
      'Category is required',
      'Location is required',
      'Full address is required',
      'Contact information is required',
      'Start date is required',
      'Start time is required',
      'End date is required',
      'End time is required',
    ]);
    expect(validateGarageSale({ ...valid, title: 'x'.repeat(101) }).title).toBe('Title must be under 100 characters');
    expect(validateGarageSale({ ...valid, description: 'x'.repeat(501) }).description).toBe('Description must be under 500 characters');
    expect(validateGarageSale({ ...valid, timeLimit: '12' }).timeLimit).toBe('Garage sales must be posted for at least 24 hours');
    expect(validateGarageSale({ ...valid, timeLimit: '200' }).timeLimit).toBe('Maximum 7 days');
  });

  it('falls back to 72 hours for a non-numeric duration', () => {
    expect(parseDuration('abc')).toBe(72);
    expect(validateGarageSale({ ...valid, timeLimit: 'abc' }).timeLimit).toBeUndefined();
  });

  it('defaults to 08:00–17:00, Other, 72 h', () => {
    expect(emptyGarageSale()).toMatchObject({ startTime: '08:00', endTime: '17:00', category: 'Other', timeLimit: '72' });
  });

  it('defaults to today while today’s 17:00 is ahead, else to tomorrow', () => {
    expect(emptyGarageSale(new Date(2026, 5, 1, 16, 59))).toMatchObject({ startDate: '2026-06-01', endDate: '2026-06-01' });
    expect(emptyGarageSale(new Date(2026, 5, 1, 17, 0))).toMatchObject({ startDate: '2026-06-02', endDate: '2026-06-02' });
    expect(emptyGarageSale(new Date(2026, 11, 31, 20, 13))).toMatchObject({ startDate: '2027-01-01', endDate: '2027-01-01' });
  });

  it('refuses an end that has passed, on the end time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 20, 13));
    const today = { ...valid, startDate: '2026-06-01', endDate: '2026-06-01' };
    expect(validateGarageSale(today).endTime).toBe('This garage sale has already ended');
    expect(validateGarageSale({ ...today, endTime: '21:00' })).toEqual({});
  });

  it('puts a refused post on the field refused with its words, or the one the form refuses now, and nothing else', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 20, 13));
    const refused = new ApiError(400, JSON.stringify({ code: 'COMMON.VALIDATION_FAILED', message: 'This garage sale has already ended' }), 'Bad Request');
    const ended = { ...valid, startDate: '2026-06-01', endDate: '2026-06-01' };
    expect(fieldOfRefusal(refused, ended)).toBe('endTime');
    // This device's clock says the sale has not ended; the server's said it had: the end time still takes it.
    expect(fieldOfRefusal(refused, { ...ended, endDate: '2026-06-02' })).toBe('endTime');
    expect(fieldOfRefusal(new ApiError(500, '', 'Server Error'), ended)).toBeUndefined();
    // Two fields the form refuses: the one the server named in its words takes it, not the first.
    const contact = new ApiError(
      400,
      JSON.stringify({ code: 'COMMON.VALIDATION_FAILED', message: validateGarageSale({ ...valid, contactInfo: '' }).contactInfo }),
      'Bad Request',
    );
    expect(fieldOfRefusal(contact, { ...valid, title: '', contactInfo: '' })).toBe('contactInfo');
  });
});
