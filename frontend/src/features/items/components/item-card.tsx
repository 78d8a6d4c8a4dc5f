import type { Position } from '@curbside/contracts';
import { ItemError } from '@curbside/contracts/client';
import { Calendar, Check, Clock, Gift, Hourglass, ImageOff, MapPin, MessageCircle, Phone, Star, ThumbsUp, X, Zap } from 'lucide-react';
import { lazy, Suspense, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { toast, withoutRepeatedTitle } from '../../../components/ui/toast-store';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { distanceMiles, formatMiles } from '../../../lib/geo';
import { formatAge, formatCountdown, formatDateTime } from '../../../lib/time';
import { useSession } from '../../../lib/session/session-provider';
import { useDeleteItem, useStillThere, useToggleInterest, useVoteItem } from '../api/item-actions';
import { canManage, effectiveStatus, formatClock, formatDollars, itemPosition, urgencyOf, type FeedItem } from '../../../lib/items/item-rules';
import { markChecked, stillThereAnswer, subscribeChecks } from '../lib/still-there-checks';
import { StatusBadge, StillThereBadge } from './item-badges';
import { ItemMenu } from './item-menu';
import { plural } from '../../../lib/plural';
import { FreshnessBadge } from './freshness-badge';
import { DirectionsLink } from './directions-link';
import { ShareButton } from './share-button';

/**
 * Claimed and expired cards are dimmed (spec §3) through their photo only: text and badges keep colours that pass
 * WCAG AA (4.5:1) in both themes, which a see-through card does not.
 */
const DIMMED_PHOTO = 'opacity-50 grayscale';

// The sheet opens on demand: its code loads only when the poster edits.
const EditItemDialog = lazy(() => import('./edit-item-dialog'));

export interface ItemCardProps {
  item: FeedItem;
  position?: Position | null;
  /** Top Finds shows the comments open. */
  showComments?: boolean;
  /** Above-the-fold cards load their photo eagerly. */
  priority?: boolean;
  /** The item's own page: the full photo, chosen by the browser from both sizes. Lists and cards show the 400 px copy. */
  fullPhoto?: boolean;
  /*
   * What other features add to the card, composed by the app (features/ do not import each other): a hold's line and
   * pickup proof under the badges, messages before Share, Claim after it, the comment thread under "View Comments",
   * and the menu's Report and Block poster (with the sheets they open, as `children`).
   */
  handover?: ReactNode;
  messages?: ReactNode;
  claim?: ReactNode;
  comments?: ReactNode;
  onReport?: () => void;
  onBlock?: () => void;
  children?: ReactNode;
}

export function ItemCard({
  item,
  position,
  showComments = false,
  priority = false,
  fullPhoto = false,
  handover,
  messages,
  claim,
  comments,
  onReport,
  onBlock,
  children,
}: ItemCardProps) {
  const { user } = useSession();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(showComments);
  const vote = useVoteItem();
  const interest = useToggleInterest();
  const stillThere = useStillThere();
  const remove = useDeleteItem();

  const status = effectiveStatus(item);
  const dimmed = status === 'claimed' || status === 'expired';
  const isPoster = !!user && user.id === item.posterId;
  const distance = item.distance ?? (position ? distanceMiles(position, itemPosition(item)) : null);
  const isInterested = item.isInterested;
  const checked = useSyncExternalStore(subscribeChecks, () => stillThereAnswer(item.id));

  const requireUser = (message: string): string | null => {
    if (!user) {
      toast({ title: 'Sign in required', description: message, variant: 'destructive' });
      return null;
    }
    return user.id;
  };

  const onVote = () => {
    const userId = requireUser('Please log in to vote');
    if (!userId || item.hasVotedToday) return;
    vote.mutate(
      { itemId: item.id, userId },
      { onError: (error) => toast({ title: 'Voting failed', description: errorMessage(error), variant: 'destructive' }) },
    );
  };

  const onInterest = () => {
    const userId = requireUser('Please log in to express interest');
    if (!userId) return;
    interest.mutate(
      { itemId: item.id, userId },
      {
        onSuccess: (answer) => {
          const title = answer.isInterested ? "You're interested!" : 'Interest removed';
          toast({ title, description: withoutRepeatedTitle(title, answer.message), variant: 'success' });
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const onStillThere = (isThere: boolean) => {
    const userId = requireUser('Please log in to confirm items');
    if (!userId) return;
    stillThere.mutate(
      { itemId: item.id, userId, stillThere: isThere },
      {
        onSuccess: (answer) => {
          markChecked(item.id, isThere);
          if (answer.removed) toast({ title: 'Item removed', description: answer.message, variant: 'success' });
          else if (isThere) toast({ title: 'Thanks for checking!', description: 'You confirmed this item is still there.', variant: 'success' });
          else
            toast({ title: 'Thanks for letting us know', description: withoutRepeatedTitle('Thanks for letting us know', answer.message), variant: 'success' });
        },
        onError: (error) => {
          // Answered earlier today (on another screen or before a reload): the answer stands, nothing failed.
          if (hasErrorCode(error, ItemError.ALREADY_CONFIRMED)) markChecked(item.id, isThere);
          else toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const onDelete = () => {
    const userId = requireUser('Please log in to delete items');
    if (!userId) return;
    if (!window.confirm(`Delete "${item.title}"? This cannot be undone.`)) return;
    remove.mutate(
      { itemId: item.id, userId },
      {
        onSuccess: () => toast({ title: 'Item deleted', variant: 'success' }),
        onError: (error) => toast({ title: 'Failed to delete item', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const commentLabel = `View Comments (${item.commentCount})`;
  const reservedForMe = status === 'first_dibs' && !!user && item.reservedById === user.id && item.reservedUntil;
  const canCheck = status === 'available' && !!user && !isPoster;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="item-card"
      className={cn('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', item.spotlight && 'border-amber-400 ring-2 ring-amber-400')}
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        {item.imageUrl ? (
          <img
            src={fullPhoto || !item.thumbnailUrl ? item.imageUrl : item.thumbnailUrl}
            srcSet={fullPhoto && item.thumbnailUrl ? `${item.thumbnailUrl} 400w, ${item.imageUrl} 2048w` : undefined}
            sizes={fullPhoto && item.thumbnailUrl ? '(min-width: 48rem) 48rem, 100vw' : undefined}
            alt={item.title}
            width={400}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className={cn('size-full object-cover', dimmed && DIMMED_PHOTO)}
          />
        ) : (
          <div className={cn('grid size-full place-items-center text-slate-500', dimmed && DIMMED_PHOTO)}>
            {item.isGarageSale ? <Calendar className="size-10" aria-hidden /> : <ImageOff className="size-10" aria-hidden />}
            <span className="sr-only">No photo</span>
          </div>
        )}
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          {item.spotlight && (
            <span data-testid="spotlight-label" className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">
              Spotlight
            </span>
          )}
          <StatusBadge status={status} />
          {item.isScoutFind && <span className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white">Scout Find</span>}
          {item.isGarageSale && <span className="rounded-full bg-fuchsia-700 px-2 py-0.5 text-xs font-semibold text-white">Garage Sale</span>}
        </div>
        {status === 'available' && (
          <span className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-800">
            <Clock className="size-3.5" aria-hidden />
            {formatCountdown(item.expiresAt)}
          </span>
        )}
        {item.pricingType === 'paid' && item.customAmount !== null && (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">
            <Gift className="size-3.5" aria-hidden /> Reward {formatDollars(item.customAmount)}
          </span>
        )}
      </div>

      <div className="space-y-2 p-3">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            {/* Focusable by script only: where focus goes when the control that had it leaves the card (e.g. Claim, once claimed). */}
            <h2
              id={titleId}
              tabIndex={-1}
              className="truncate text-base font-semibold text-slate-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-emerald-700"
            >
              {item.title}
            </h2>
            <p className="text-xs text-slate-600">
              {item.category}
              {distance !== null && <> · {formatMiles(distance)}</>} · {formatAge(item.createdAt)}
              {status === 'available' && !item.isGarageSale && <> · {urgencyOf(item)}</>}
            </p>
          </div>
          <ItemMenu
            canManage={canManage(item, user)}
            editLocked={!!item.inReview}
            canReport={!!user && !isPoster && !!onReport}
            onEdit={() => setEditing(true)}
            onDelete={onDelete}
            onReport={() => onReport?.()}
            onBlock={user && !isPoster ? onBlock : undefined}
          />
        </div>
        {item.inReview && (
          <p role="status" className="rounded-lg bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900">
            Hidden from others while a moderator reviews it
          </p>
        )}

        {item.description && <p className="line-clamp-3 text-sm text-slate-700">{item.description}</p>}

        {item.isGarageSale && (
          <dl className="space-y-1 rounded-xl bg-fuchsia-50 p-2 text-sm text-fuchsia-950">
            {item.garageSaleAddress && (
              <div className="flex gap-2">
                <dt className="sr-only">Address</dt>
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                <dd>{item.garageSaleAddress}</dd>
              </div>
            )}
            {item.garageSaleStartTime && item.garageSaleEndTime && (
              <div className="flex gap-2">
                <dt className="sr-only">When</dt>
                <Calendar className="mt-0.5 size-4 shrink-0" aria-hidden />
                <dd>
                  {formatDateTime(item.garageSaleStartTime)} – {formatDateTime(item.garageSaleEndTime)}
                </dd>
              </div>
            )}
            {item.garageSaleContactInfo && (
              <div className="flex gap-2">
                <dt className="sr-only">Contact</dt>
                <Phone className="mt-0.5 size-4 shrink-0" aria-hidden />
                <dd>{item.garageSaleContactInfo}</dd>
              </div>
            )}
          </dl>
        )}

        {item.pricingType === 'paid' && item.customAmount !== null && user?.isVerified && !isPoster && (
          <p className="inline-flex items-center gap-1 text-sm font-medium text-amber-900">
            <Zap className="size-4" aria-hidden /> You earn {formatDollars(Math.round(item.customAmount / 2))} for this pickup
          </p>
        )}

        <p className="text-xs text-slate-600">
          Posted by <span className="font-semibold text-slate-800">{item.poster.username}</span> · {item.poster.rank}
          {item.claimedBy && (
            <>
              {/* The dot stays with the rank, so a wrapped line starts with "Claimed by", never with the dot. */}
              {'\u00a0·'}{' '}
              <span className="whitespace-nowrap">
                Claimed by <span className="font-semibold text-slate-800">{item.claimedBy}</span>
              </span>
            </>
          )}
        </p>

        {reservedForMe && (
          <p className="inline-flex items-center gap-1 rounded-lg bg-violet-50 px-2 py-1 text-sm text-violet-950">
            <Hourglass className="size-4" aria-hidden /> First Dibs: reserved for you until {formatClock(item.reservedUntil as string)}
          </p>
        )}
        {status === 'first_dibs' && isPoster && item.reservedUntil && (
          <p className="inline-flex items-center gap-1 rounded-lg bg-violet-50 px-2 py-1 text-sm text-violet-950">
            <Hourglass className="size-4" aria-hidden /> A neighbour has first dibs until {formatClock(item.reservedUntil)}
          </p>
        )}
        <FreshnessBadge item={item} />
        {handover}
        <DirectionsLink item={item} user={user} />

        {/* Whether it is still at the curb is a question only while it is up for grabs (a taken item is gone). */}
        {!item.isGarageSale && (status === 'available' || status === 'first_dibs') && (
          <div className="flex flex-wrap items-center gap-2">
            <StillThereBadge count={item.stillThereCount} />
            {canCheck && checked !== null && (
              <span role="status" className="text-xs text-slate-700">
                {checked ? 'You confirmed it is still there today' : 'You reported it gone today'}
              </span>
            )}
            {canCheck && checked === null && (
              <div role="group" aria-label={`Is ${item.title} still there?`} className="flex items-center gap-1">
                <span className="text-xs font-medium text-slate-700" aria-hidden>
                  Still There?
                </span>
                <button
                  type="button"
                  onClick={() => onStillThere(true)}
                  disabled={stillThere.isPending}
                  className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-emerald-800 hover:bg-emerald-50 disabled:text-slate-500"
                >
                  <Check className="size-3.5" aria-hidden /> Still there
                </button>
                <button
                  type="button"
                  onClick={() => onStillThere(false)}
                  disabled={stillThere.isPending}
                  className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-xs font-semibold text-red-800 hover:bg-red-50 disabled:text-slate-500"
                >
                  <X className="size-3.5" aria-hidden /> Not there
                </button>
              </div>
            )}
          </div>
        )}

        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Button
            variant={item.hasVotedToday ? 'gold' : 'secondary'}
            onClick={onVote}
            // One vote a day, never for one's own post: the button says so rather than ending in an error.
            disabled={vote.isPending || item.hasVotedToday || isPoster}
            aria-pressed={item.hasVotedToday}
            aria-label={`Vote for ${item.title}, ${plural(item.voteCount, 'vote')}`}
            title={item.hasVotedToday ? 'You voted for this today' : isPoster ? 'Neighbours vote for your post' : undefined}
            size="compact"
            className={item.hasVotedToday ? 'disabled:bg-amber-400 disabled:text-amber-950' : undefined}
          >
            <ThumbsUp className="size-4" aria-hidden /> {item.voteCount}
          </Button>
          {item.isGarageSale && (
            <Button variant={isInterested ? 'gold' : 'secondary'} onClick={onInterest} disabled={interest.isPending} aria-pressed={isInterested} size="compact">
              <Star className="size-4" aria-hidden /> Interested ({item.interestCount})
            </Button>
          )}
          {messages}
          <ShareButton item={item} />
          {claim}
        </div>

        <button
          type="button"
          aria-expanded={commentsOpen}
          onClick={() => setCommentsOpen((o) => !o)}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900"
        >
          <MessageCircle className="size-4" aria-hidden />
          {commentsOpen ? 'Hide Comments' : commentLabel}
        </button>
        {commentsOpen && <Suspense fallback={<p className="text-sm text-slate-600">Loading comments...</p>}>{comments}</Suspense>}
      </div>

      <Suspense fallback={null}>
        {editing && <EditItemDialog item={item} onClose={() => setEditing(false)} />}
        {children}
      </Suspense>
    </article>
  );
}
