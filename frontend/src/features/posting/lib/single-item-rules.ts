import { createSingleItemRequestSchema } from '@curbside/contracts';
import { MAX_REWARD_CENTS, MIN_REWARD_CENTS } from '@curbside/contracts/client';

export type ItemFormField = 'title' | 'description' | 'category' | 'price' | 'photo' | 'timeLimit' | 'locationDescription';
export type ItemFormErrors = Partial<Record<ItemFormField, string>>;

/** Where each field of the contract's item payload is typed in the post sheet. */
const FORM_FIELD: Record<string, ItemFormField> = {
  title: 'title',
  description: 'description',
  category: 'category',
  customAmount: 'price',
  pricingType: 'price',
  imageUrl: 'photo',
  timeLimit: 'timeLimit',
  locationDescription: 'locationDescription',
};

export const MIN_REWARD_DOLLARS = MIN_REWARD_CENTS / 100;
export const MAX_REWARD_DOLLARS = MAX_REWARD_CENTS / 100;

/** A paid price as typed: cents allowed; anything unreadable or under $1 becomes 1 (spec §5). Above $100 stays, to be refused. */
export function parsePrice(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) && n >= MIN_REWARD_DOLLARS ? Math.round(n * 100) / 100 : MIN_REWARD_DOLLARS;
}

/** The post sheet's item checked by the contract's own schema: the first message per form field. */
export function singleItemErrors(payload: Record<string, unknown>): ItemFormErrors {
  const errors: ItemFormErrors = {};
  for (const issue of createSingleItemRequestSchema.safeParse(payload).error?.issues ?? []) {
    const field = FORM_FIELD[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
