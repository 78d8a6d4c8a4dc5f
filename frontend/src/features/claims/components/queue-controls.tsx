import type { Reliability } from '@curbside/contracts';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import type { FeedItem } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';
import { useQueue } from '../api/get-queue';
import { useJoinQueue } from '../api/join-queue';
import { useLeaveQueue } from '../api/leave-queue';
import { usePickFromQueue } from '../api/pick-from-queue';
import { useReleaseHold } from '../api/release-hold';

/** "picked up 12 of 14 holds" (the server leaves it out under 3 holds: null). */
export function reliabilityLabel(reliability: Reliability | null | undefined): string | null {
  return reliability ? `picked up ${reliability.pickedUp} of ${reliability.holds} holds` : null;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The line behind a held item (docs/product-rules.md, "Queue"): "N in line" and the caller's place; join or
 * leave it; the holder releases the hold (the next member gets it at once); the poster sees who is waiting and,
 * for a paid item or a garage sale, picks who is next.
 */
export function QueueControls({ item }: { item: FeedItem }) {
  const { user } = useSession();
  const [showLine, setShowLine] = useState(false);
  const join = useJoinQueue();
  const leave = useLeaveQueue();
  const release = useReleaseHold();
  const pick = usePickFromQueue();
  const isPoster = !!user && user.id === item.posterId;
  // The poster reads the line when they open it, and for a held item the holder's reliability.
  const line = useQueue(item.id, isPoster && (showLine || (item.status === 'first_dibs' && !!item.reservedById)));
  if (item.status !== 'first_dibs') return null;

  const isHolder = !!user && item.reservedById === user.id;
  const place = item.queuePosition;
  const fail = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error), variant: 'destructive' });

  const onJoin = () => {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please log in to get in line', variant: 'destructive' });
      return;
    }
    join.mutate(item.id, {
      onSuccess: (answer) => toast({ title: 'In line', description: answer.message, variant: 'success' }),
      onError: fail('Could not get in line'),
    });
  };
  const onLeave = () =>
    leave.mutate(item.id, { onSuccess: () => toast({ title: 'You left the line', variant: 'success' }), onError: fail('Could not leave the line') });
  const canPick = isPoster && (item.pricingType === 'paid' || item.isGarageSale);
  const onPick = (userId: string) =>
    pick.mutate(
      { itemId: item.id, userId },
      { onSuccess: (answer) => toast({ title: 'Picked', description: answer.message, variant: 'success' }), onError: fail('Could not pick') },
    );
  const onRelease = () => {
    if (!window.confirm(`Release your hold on "${item.title}"? The next neighbour in line gets it.`)) return;
    release.mutate(item.id, { onSuccess: () => toast({ title: 'Hold released', variant: 'success' }), onError: fail('Could not release the hold') });
  };

  return (
    <div className="flex flex-col gap-1" data-testid="queue-controls">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 text-sm text-slate-700">
          <Users className="size-4" aria-hidden /> {item.queueLength} in line
          {place !== null && (
            <span className="font-semibold text-slate-900">
              {'\u00a0·'} you're {ordinal(place)}
            </span>
          )}
        </span>
        {isHolder && (
          <Button variant="secondary" size="compact" onClick={onRelease} disabled={release.isPending} className="ml-auto">
            Release hold
          </Button>
        )}
        {!isHolder && !isPoster && place === null && (
          <Button variant="secondary" size="compact" onClick={onJoin} disabled={join.isPending} className="ml-auto">
            Get in line
          </Button>
        )}
        {place !== null && (
          <Button variant="secondary" size="compact" onClick={onLeave} disabled={leave.isPending} className="ml-auto">
            Leave line
          </Button>
        )}
        {isPoster && item.queueLength > 0 && (
          <Button variant="secondary" size="compact" aria-expanded={showLine} onClick={() => setShowLine((s) => !s)} className="ml-auto">
            {showLine ? 'Hide line' : 'See who is in line'}
          </Button>
        )}
      </div>
      {isPoster && reliabilityLabel(line.data?.holderReliability) && (
        <p className="text-sm text-slate-700">Your holder has {reliabilityLabel(line.data?.holderReliability)}</p>
      )}
      {isPoster && showLine && line.data?.members && (
        <ol aria-label="Neighbours in line" className="list-decimal pl-6 text-sm text-slate-800">
          {line.data.members.map((m) => (
            <li key={m.userId}>
              {m.publicName}
              {reliabilityLabel(m.reliability) && <span className="text-slate-600"> · {reliabilityLabel(m.reliability)}</span>}
              {canPick && (
                <Button
                  variant="secondary"
                  size="compact"
                  onClick={() => onPick(m.userId)}
                  disabled={pick.isPending}
                  aria-label={`Pick ${m.publicName}`}
                  className="ml-2"
                >
                  Pick
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
