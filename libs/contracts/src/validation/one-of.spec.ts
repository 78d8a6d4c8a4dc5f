import { z } from 'zod';
import {
  createGarageSaleRequestSchema,
  createReportRequestSchema,
  createSingleItemRequestSchema,
  feedQuerySchema,
  updateItemRequestSchema,
} from '../items/item.schemas';
import { describeIssues } from './parse';

const messageOf = (schema: z.ZodType, value: unknown): string => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a validation error');
  return describeIssues(result.error);
};

describe('enum fields', () => {
  const item = { title: 'Desk', category: 'Furniture', location: { lat: 1, lng: 2 } };
  const sale = {
    isGarageSale: true,
    title: 'Moving sale',
    latitude: '40.7',
    longitude: '-73.9',
    locationDescription: 'Park Slope',
    garageSaleStartTime: '2026-06-01T08:00:00.000Z',
    garageSaleEndTime: '2026-06-01T17:00:00.000Z',
    garageSaleAddress: '1 Main St',
    garageSaleContactInfo: 'Ring the bell',
  };
  const report = { reportedItemId: '00000000-0000-4000-8000-000000000000', reportType: 'spam', reason: 'Not real' };

  it('name the allowed values when the value is not one of them', () => {
    expect(messageOf(createSingleItemRequestSchema, { ...item, category: 'furniture' })).toBe(
      'Category must be one of: Furniture, Electronics, Clothing, Books, Household, Sports, Tools, Other',
    );
    expect(messageOf(updateItemRequestSchema, { category: 'chairs' })).toMatch(/^Category must be one of: Furniture, /);
    expect(messageOf(createGarageSaleRequestSchema, { ...sale, category: 'toys' })).toMatch(/^Category must be one of: Furniture, .*Toys, .*Garage Sale$/);
    expect(messageOf(feedQuerySchema, { lat: '1', lng: '2', category: 'furniture' })).toMatch(/^Category must be one of: Furniture, /);
    expect(messageOf(createSingleItemRequestSchema, { ...item, pricingType: 'Paid' })).toBe('Pricing type must be one of: free, paid');
    expect(messageOf(createReportRequestSchema, { ...report, reportType: 'rude' })).toMatch(/^Report type must be one of: /);
  });

  it('keep the specs’ words when the value is missing', () => {
    expect(messageOf(createSingleItemRequestSchema, { ...item, category: undefined })).toBe('Category is required');
    expect(messageOf(createSingleItemRequestSchema, { ...item, category: '' })).toBe('Category is required');
    expect(messageOf(createSingleItemRequestSchema, { ...item, category: null })).toBe('Category is required');
    expect(messageOf(createReportRequestSchema, { ...report, reportType: undefined })).toBe('Please select a report type and provide a reason');
    expect(messageOf(createReportRequestSchema, { ...report, reportType: '' })).toBe('Please select a report type and provide a reason');
  });

  it('still accept the allowed values and defaults', () => {
    expect(createSingleItemRequestSchema.parse(item)).toMatchObject({ category: 'Furniture', pricingType: 'free' });
    expect(createGarageSaleRequestSchema.parse(sale)).toMatchObject({ category: 'Garage Sale' });
  });
});
