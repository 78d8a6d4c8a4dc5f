import { lazy, useState } from 'react';
import { ClaimButton } from '../../features/claims/components/claim-button';
import { PickupProof } from '../../features/claims/components/pickup-proof';
import { QueueControls } from '../../features/claims/components/queue-controls';
import { ItemCard, type ItemCardProps } from '../../features/items/components/item-card';
import { MessageButtons } from '../../features/messages/components/message-buttons';

// Sheets open on demand: their code loads only when someone acts on a card.
const ItemComments = lazy(() => import('./item-comments'));
const ReportSheet = lazy(() => import('../../features/reports/components/report-sheet'));
const BlockMemberDialog = lazy(() => import('../../features/blocks/components/block-member-dialog'));

type Props = Pick<ItemCardProps, 'item' | 'position' | 'showComments' | 'priority' | 'fullPhoto'>;

/**
 * The item card as every screen shows it: the item's own card with what the other features do with an item, a hold's
 * line and pickup proof (claims), messages, Claim, the comments, and the menu's Report and Block poster.
 */
export function ItemCardWithActions(props: Props) {
  const { item } = props;
  const [sheet, setSheet] = useState<'report' | 'block' | null>(null);
  const close = () => setSheet(null);
  return (
    <ItemCard
      {...props}
      handover={
        <>
          <QueueControls item={item} />
          <PickupProof item={item} />
        </>
      }
      messages={<MessageButtons item={item} />}
      claim={<ClaimButton item={item} />}
      comments={<ItemComments itemId={item.id} />}
      onReport={() => setSheet('report')}
      onBlock={() => setSheet('block')}
    >
      {sheet === 'report' && <ReportSheet target={{ kind: 'item', item }} onClose={close} />}
      {sheet === 'block' && <BlockMemberDialog userId={item.posterId} name={item.poster.username} onClose={close} />}
    </ItemCard>
  );
}
