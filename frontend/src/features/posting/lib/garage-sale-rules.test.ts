import { emptyGarageSale, parseDuration, validateGarageSale } from './garage-sale-rules';

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
});
