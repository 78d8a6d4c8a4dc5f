import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-codes';
import { createItemRequestSchema, feedQuerySchema } from '../items/item.schemas';
import { parseOrThrow } from './parse';

const message = (schema: z.ZodType, value: unknown): string => {
  try {
    parseOrThrow(schema, value);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe(ErrorCode.VALIDATION_FAILED);
    return (err as DomainError).message;
  }
  throw new Error('expected a validation error');
};

describe(parseOrThrow.name, () => {
  const item = { title: 'Desk', category: 'Furniture', location: { lat: 1, lng: 2 } };

  it('returns the parsed value with defaults applied', () => {
    expect(parseOrThrow(createItemRequestSchema, item)).toMatchObject({ pricingType: 'free', timeLimit: 24, description: '', scoutFind: false });
  });

  it('trims the title and refuses a blank one with the spec’s words', () => {
    expect(parseOrThrow(createItemRequestSchema, { ...item, title: '  Desk  ' }).title).toBe('Desk');
    expect(message(createItemRequestSchema, { ...item, title: ' ' })).toBe('Please enter a title for your item.');
  });

  it('keeps our own messages bare and names the field for zod’s generic ones', () => {
    expect(message(createItemRequestSchema, { ...item, location: { lat: 91, lng: 0 } })).toBe('Latitude must be between -90 and 90');
    expect(message(createItemRequestSchema, { ...item, scoutFind: 'yes' })).toMatch(/^scoutFind: Invalid input/);
  });

  it('reads coordinates and radius from query strings', () => {
    expect(parseOrThrow(feedQuerySchema, { lat: '40.5', lng: '-73.9', radius: '25' })).toEqual({ lat: 40.5, lng: -73.9, radius: 25, limit: 50, kind: 'all' });
    expect(message(feedQuerySchema, { lat: '40', lng: '-73', radius: '0' })).toBe('Radius must be more than 0 miles');
    expect(message(feedQuerySchema, { lat: '', lng: '1' })).toMatch(/Latitude/);
  });

  it('requires a reward for paid items, in whole cents between $1 and $100', () => {
    expect(message(createItemRequestSchema, { ...item, pricingType: 'paid' })).toBe('Paid items need a reward between $1 and $100');
    expect(message(createItemRequestSchema, { ...item, pricingType: 'paid', customAmount: 99 })).toBe('Reward must be between $1 and $100');
    expect(message(createItemRequestSchema, { ...item, pricingType: 'paid', customAmount: 150.5 })).toBe('Reward must be a whole number of cents');
  });
});
