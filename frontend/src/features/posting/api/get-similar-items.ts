import type { Position } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { api, withQuery } from '../../../lib/api-client';
import type { FeedItem } from '../../../lib/items/item-rules';

/**
 * Available items like the one about to be posted (within 0.1 mi, last 48 h, similar title: docs/product-rules.md).
 * A failed check never blocks posting: it answers an empty list.
 */
export async function getSimilarItems(title: string, position: Position): Promise<FeedItem[]> {
  try {
    return await api.get<FeedItem[]>(withQuery(apiPath('similarItems'), { lat: position.lat, lng: position.lng, title }));
  } catch {
    return [];
  }
}
