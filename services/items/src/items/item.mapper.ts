import type { Item } from '@curbside/contracts';
import type { ItemJsonRow } from './item-row';

/**
 * The API's Item as JSON text, for the caller: the row's view (itemJsonColumns) with the two keys only this side
 * knows to add: `inReview` for the poster of an item in pending review, `spotlight` for a spotlight at the head of a feed.
 */
export function itemJson(row: ItemJsonRow, callerId: string | undefined, spotlight = false): string {
  const inReview = row.in_review && callerId === row.poster_id;
  if (!inReview && !spotlight) return row.item_json;
  return `${row.item_json.slice(0, -1)}${inReview ? ',"inReview":true' : ''}${spotlight ? ',"spotlight":true' : ''}}`;
}

/** The API's Item for the caller, as an object (a single item, a short list). */
export function itemOf(row: ItemJsonRow, callerId: string | undefined): Item {
  return JSON.parse(itemJson(row, callerId)) as Item;
}

/** A list's items as the JSON text of an Item[]. */
export function itemsJson(rows: ItemJsonRow[], callerId: string | undefined, spotlit: ReadonlySet<string> = new Set()): string {
  return `[${rows.map((row) => itemJson(row, callerId, spotlit.has(row.id))).join(',')}]`;
}
