import { createSingleItemRequestSchema, type Position } from '@curbside/contracts';
import { MAX_REWARD_CENTS, MAX_TIME_LIMIT_HOURS, MIN_REWARD_CENTS, SCOUT_FIND_HOURS } from '@curbside/contracts/client';
import { z } from 'zod';

/** The Post an Item form's values as typed (the photo arrives as its uploaded URL). */
export interface SingleItemValues {
  title: string;
  description: string;
  category: string;
  pricingType: 'free' | 'paid';
  price: string;
  timeLimit: number;
  locationDescription: string;
  imageUrl: string | null;
}

/** What the form is checked against beside its values: scout finds need a photo; one still uploading is no miss. */
export interface SingleItemContext {
  scout: boolean;
  photoUploading: boolean;
}

export function emptySingleItem(): SingleItemValues {
  return {
    title: '',
    description: '',
    category: '',
    pricingType: 'free',
    price: '5',
    timeLimit: MAX_TIME_LIMIT_HOURS,
    locationDescription: '',
    imageUrl: null,
  };
}

export const MIN_REWARD_DOLLARS = MIN_REWARD_CENTS / 100;
export const MAX_REWARD_DOLLARS = MAX_REWARD_CENTS / 100;

/** A paid price as typed: cents allowed; anything unreadable or under $1 becomes 1 (spec §5). Above $100 stays, to be refused. */
export function parsePrice(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) && n >= MIN_REWARD_DOLLARS ? Math.round(n * 100) / 100 : MIN_REWARD_DOLLARS;
}

/** The POST /api/items body of a single item or scout find from the form; the position is the device's. */
export function singleItemPayload(v: SingleItemValues, scout: boolean, position: Position, now = new Date()) {
  const paid = !scout && v.pricingType === 'paid';
  const hours = scout ? SCOUT_FIND_HOURS : v.timeLimit;
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category,
    imageUrl: v.imageUrl,
    scoutFind: scout,
    pricingType: paid ? ('paid' as const) : ('free' as const),
    customAmount: paid ? Math.round(parsePrice(v.price) * 100) : null,
    location: position,
    timeLimit: hours,
    locationDescription: v.locationDescription.trim() || null,
    expirationTime: new Date(now.getTime() + hours * 3_600_000).toISOString(),
    createdAt: now.toISOString(),
  };
}

/** Where each field of the contract's item payload is typed in the post sheet. */
const FORM_FIELD: Record<string, keyof SingleItemValues> = {
  title: 'title',
  description: 'description',
  category: 'category',
  customAmount: 'price',
  pricingType: 'price',
  imageUrl: 'imageUrl',
  timeLimit: 'timeLimit',
  locationDescription: 'locationDescription',
};

/** The post sheet's form checked by the contract's own item schema, with its words: the first message per field. */
export function singleItemFormSchema({ scout, photoUploading }: SingleItemContext) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      category: z.string(),
      pricingType: z.enum(['free', 'paid']),
      price: z.string(),
      timeLimit: z.number(),
      locationDescription: z.string(),
      imageUrl: z.string().nullable(),
    })
    .superRefine((v, ctx) => {
      const seen = new Set<string>();
      // The position is checked when posting (it comes from the device); any valid one stands in here.
      for (const issue of createSingleItemRequestSchema.safeParse(singleItemPayload(v, scout, { lat: 0, lng: 0 })).error?.issues ?? []) {
        const field = FORM_FIELD[String(issue.path[0])];
        if (!field || seen.has(field) || (field === 'imageUrl' && photoUploading)) continue;
        seen.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    });
}
