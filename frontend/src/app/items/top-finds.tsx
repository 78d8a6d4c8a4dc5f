import type { Position } from '@curbside/contracts';
import { TopFindsList } from '../../features/items/components/top-finds-list';
import type { FeedItem } from '../../lib/items/item-rules';
import { ItemCardWithActions } from './item-card-with-actions';

/** Top Finds shows each card with its comments open. */
const renderTopFind = (item: FeedItem, position: Position, index: number) => (
  <ItemCardWithActions item={item} position={position} showComments priority={index === 0} />
);

/** The Top Finds list (its screen and the home's tab) with the app's item card. */
export function TopFinds() {
  return <TopFindsList renderCard={renderTopFind} />;
}
