import * as contracts from '@curbside/contracts';
import * as client from '@curbside/contracts/client';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeItem } from '../../../testing/factories';
import { ITEM_FORM_CATEGORIES, MAX_RADIUS, SEARCH_RADII, URGENCIES, urgencyOf } from '../../../lib/items/item-rules';

const SRC = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

interface ApiLiteral {
  file: string;
  method: string | null;
  path: string;
  /** The first element of an array: a query key, which may name a route's leading segments only. */
  queryKey: boolean;
}

/** The request helper's own unit test calls a made-up path on purpose (it tests fetch handling, not a route). */
const NOT_ROUTES = new Set(['lib/api-client.test.ts: /api/x', 'lib/api-client.test.ts: GET /api/x']);

/** Every string or template literal of the SPA that names an API path, with its HTTP method when it carries one. */
function apiLiterals(): ApiLiteral[] {
  const found: ApiLiteral[] = [];
  const literal = /(\[\s*)?(['"`])(?:(GET|POST|PATCH|PUT|DELETE) )?(\/api\/(?:[^'"`$\\]|\$\{[^}]*\})*)\2/g;
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(literal)) found.push({ file: relative(SRC, file), method: match[3] ?? null, path: match[4], queryKey: !!match[1] });
  }
  return found;
}

const contractRoutes = Object.values(contracts.Routes).map((route) => ({ method: route.method.toUpperCase(), path: route.path }));

/** A literal matches a route when each segment is equal, or fills a `:param` (a value, `${…}` or `:name`); `*rest` takes the rest. */
function matches(literal: string, pattern: string): boolean {
  const path = literal.split('?')[0];
  const have = path.split('/');
  const want = pattern.split('/');
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith('*')) return have.length > i && have.slice(i).join('/') !== '';
    if (i >= have.length) return false;
    if (want[i].startsWith(':')) {
      if (have[i] === '') return false;
      continue;
    }
    if (have[i] !== want[i]) return false;
  }
  return have.length === want.length;
}

/** Whole leading segments of some route (the notifications list key of GET …/notifications/:userId). */
function isRoutePrefix(literal: string): boolean {
  const segments = literal.replace(/\/$/, '').split('/');
  return contractRoutes.some((route) => matches(literal.replace(/\/$/, ''), route.path.split('/').slice(0, segments.length).join('/')));
}

describe('the SPA and the contracts', () => {
  it('calls only routes the contracts define, with their methods (every file under src/)', () => {
    const literals = apiLiterals();
    expect(literals.length).toBeGreaterThan(20);
    const unknown = literals
      .filter(({ method, path, queryKey }) => {
        if (contractRoutes.some((route) => matches(path, route.path) && (!method || method === route.method))) return false;
        // A query key, or a prefix to build URLs from (media), may stop after any whole segment of a route.
        return !((queryKey || path.endsWith('/')) && isRoutePrefix(path));
      })
      .map(({ file, method, path }) => `${file}: ${method ? `${method} ` : ''}${path}`)
      .filter((line) => !NOT_ROUTES.has(line));
    expect(unknown).toEqual([]);
  });

  it('has every client route equal to the contract route of the same name', () => {
    for (const [name, route] of Object.entries(client.ApiRoutes)) {
      const contract = contracts.Routes[name as keyof typeof contracts.Routes];
      expect(contract).toBeDefined();
      expect({ name, method: route.method, path: route.path }).toEqual({ name, method: contract.method, path: contract.path });
    }
    expect(client.apiPath('updateComment', { id: 'a b', commentId: 'c' })).toBe('/api/items/a%20b/comments/c');
    expect(client.apiPath('feed')).toBe('/api/items');
  });

  it('uses the contracts’ constants', () => {
    expect(ITEM_FORM_CATEGORIES).toEqual(contracts.ITEM_CATEGORIES);
    expect(SEARCH_RADII).toEqual(contracts.SEARCH_RADII_MILES);
    expect(MAX_RADIUS).toBe(contracts.MAX_RADIUS_MILES);
    expect(URGENCIES).toEqual(contracts.URGENCY_LABELS);
    expect(client.ITEM_PHOTO_MAX_BYTES).toBe(contracts.ImageUploadLimits.itemPhoto.maxBytes);
    expect(client.ITEM_PHOTO_FIELD).toBe(contracts.ImageUploadLimits.itemPhoto.field);
    expect(client.ItemMessages.imageTooLarge).toBe(contracts.imageTooLargeMessage(contracts.ImageUploadLimits.itemPhoto.maxBytes));
    expect(client.LIVE_STREAM_PATH).toBe(contracts.LIVE_STREAM_PATH);
    const now = Date.parse('2026-06-01T12:00:00Z');
    for (const hours of [0.5, 2, 3, 6, 7, 24, 25, 72, 73, 200]) {
      expect(urgencyOf(makeItem({ expiresAt: new Date(now + hours * 3_600_000).toISOString() }), now)).toBe(contracts.urgencyFor(hours));
    }
  });

  it('shows the very messages the server answers with', () => {
    const M = client.ItemMessages;
    const messages = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) =>
      schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    const position = { lat: 40.7, lng: -73.9 };
    const item = { title: 'Chair', category: 'Furniture', location: position };
    const single = contracts.createSingleItemRequestSchema;
    expect(messages(single, { ...item, title: '  ' })).toContain(M.titleRequired);
    expect(messages(single, { ...item, title: 'x'.repeat(101) })).toContain(M.titleTooLong);
    expect(messages(single, { ...item, description: 'x'.repeat(501) })).toContain(M.descriptionTooLong);
    expect(messages(single, { ...item, category: undefined })).toContain(M.categoryRequired);
    expect(messages(single, { ...item, pricingType: 'paid', customAmount: 10_100 })).toContain(M.rewardRange);
    expect(messages(single, { ...item, pricingType: 'paid', customAmount: 50 })).toContain(M.rewardRange);
    expect(messages(single, { ...item, pricingType: 'paid' })).toContain(M.paidNeedsReward);
    expect(messages(single, { ...item, timeLimit: 25 })).toContain(M.timeLimitRange);
    expect(messages(single, { ...item, scoutFind: true })).toContain(M.scoutNeedsPhoto);
    expect(messages(single, { ...item, location: undefined })).toContain(M.locationRequired);
    expect(messages(contracts.updateItemRequestSchema, { customAmount: 150 })).toContain(M.rewardWholeDollars);

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
    const garage = contracts.createGarageSaleRequestSchema;
    expect(messages(garage, sale)).toEqual([]);
    expect(messages(garage, { ...sale, title: '' })).toContain(M.garageSaleTitleRequired);
    expect(messages(garage, { ...sale, locationDescription: ' ' })).toContain(M.locationRequired);
    expect(messages(garage, { ...sale, garageSaleAddress: '' })).toContain(M.fullAddressRequired);
    expect(messages(garage, { ...sale, garageSaleContactInfo: '' })).toContain(M.contactRequired);
    expect(messages(garage, { ...sale, garageSaleStartTime: undefined })).toContain(M.startDateRequired);
    expect(messages(garage, { ...sale, garageSaleEndTime: undefined })).toContain(M.endDateRequired);
    expect(messages(garage, { ...sale, timeLimit: 23 })).toContain(M.garageSaleTooShort);
    expect(messages(garage, { ...sale, timeLimit: 169 })).toContain(M.garageSaleTooLong);
    expect(messages(garage, { ...sale, garageSaleEndTime: sale.garageSaleStartTime })).toContain(M.endAfterStart);

    expect(messages(contracts.createCommentRequestSchema, { content: '  ' })).toContain(M.commentEmpty);
    expect(messages(contracts.createCommentRequestSchema, { content: 'x'.repeat(501) })).toContain(M.commentTooLong);
    expect(messages(contracts.createReportRequestSchema, { reportedItemId: '00000000-0000-4000-8000-000000000000', reason: '' })).toContain(M.reportRequired);
    expect(messages(contracts.validatePickupRequestSchema, { pickupPhoto: '' })).toContain(M.pickupPhotoRequired);
  });
});
