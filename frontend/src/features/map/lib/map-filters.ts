import { GOLD, URGENCY_COLORS, urgencyOf, type FeedItem, type Urgency } from '../../../lib/items/item-rules';

/** A pin's (and the nearby list's dot) colour: gold for a paid pickup, else the urgency's colour. */
export function pinColor(item: FeedItem): string {
  return item.pricingType === 'paid' ? GOLD : URGENCY_COLORS[urgencyOf(item)];
}

export interface MapFilters {
  mode: 'items' | 'garage-sales';
  text: string;
  category: string;
  urgency: Urgency | '';
}

export function filterMapItems(items: readonly FeedItem[], filters: MapFilters, now: number = Date.now()): FeedItem[] {
  const q = filters.text.trim().toLowerCase();
  return items.filter(
    (item) =>
      (filters.mode === 'garage-sales' ? item.isGarageSale : !item.isGarageSale) &&
      (!filters.category || item.category === filters.category) &&
      (!filters.urgency || urgencyOf(item, now) === filters.urgency) &&
      (!q || item.title.toLowerCase().includes(q) || item.description.toLowerCase().includes(q)),
  );
}

/** At night the map keeps only paid items, or else the first three entries. */
export function nightRestrict(items: readonly FeedItem[], isDaytime: boolean): FeedItem[] {
  if (isDaytime) return [...items];
  const paid = items.filter((i) => i.pricingType === 'paid');
  return paid.length > 0 ? paid : items.slice(0, 3);
}
