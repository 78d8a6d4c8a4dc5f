import type { PostalAddress, Reward, User } from '@curbside/contracts';
import { Coins, Gift, Loader2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api-client';
import { rewardsQueryOptions, useRewards } from '../../features/shop/api/get-rewards';
import { userRewardsQueryOptions, useUserRewards } from '../../features/shop/api/get-user-rewards';
import { useRedeemReward } from '../../features/shop/api/redeem-reward';
import { BackButton } from '../../features/shop/components/back-button';
import { HowToEarn } from '../../features/shop/components/how-to-earn';
import { RewardCard } from '../../features/shop/components/reward-card';
import { YourRedemptions } from '../../features/shop/components/your-redemptions';
import { redeemability, SHOP_SECTIONS } from '../../features/shop/lib/redeem-rules';
import { useSession } from '../../lib/session/session-provider';
import { cn } from '../../lib/cn';
import { pointsToSpend } from '../../lib/pending-points';
import { plural } from '../../lib/plural';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { prefetchWhenOpenedAt } from '../start-up-prefetch';

// Opened directly (the router loads this screen during start-up): the catalogue and the stored member's redemptions.
prefetchWhenOpenedAt('/shop', (queryClient) => {
  void queryClient.prefetchQuery(rewardsQueryOptions());
  const storedId = storage.get(STORAGE_KEYS.userId);
  if (storedId) void queryClient.prefetchQuery(userRewardsQueryOptions(storedId));
});

// The address form carries the schema library: loaded when goods are redeemed, not with the shop.
const AddressDialog = lazy(() => import('../../features/shop/components/address-dialog').then((m) => ({ default: m.AddressDialog })));

const REFRESH_EVERY_MS = 1_000;
const REFRESH_TRIES = 10;

/** What happens after a redemption, by what delivering it needs. */
const NEXT_STEP: Record<string, string> = {
  perks: ' Use it from your profile, under Your perks.',
  donations: ' Thank you: it counts toward the total below the reward.',
  postal: " We'll post it and tell you when it is sent.",
  email: " We'll e-mail it to your confirmed address and tell you when it is sent.",
  merchandise: '',
};

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="grid place-items-center py-16 text-emerald-700">
      <Loader2 className="size-8 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Where a gift card would go, said on its card before it is redeemed (the server checks again when it is). */
function emailNote(alertEmail: User['alertEmail'] | undefined): string {
  return alertEmail?.confirmed
    ? `Sent to ${alertEmail.address}`
    : 'Needs a confirmed e-mail: add yours on your profile under Notification Settings (E-mail notifications).';
}

function Shop({
  userId,
  points,
  alertEmail,
  onRedeemed,
}: {
  userId: string;
  points: number;
  alertEmail: User['alertEmail'] | undefined;
  onRedeemed: (balance: number) => void;
}) {
  const rewards = useRewards();
  const redemptions = useUserRewards(userId);
  const redeem = useRedeemReward(userId);
  // The catalogue and the redemptions are drawn from deferred copies: React builds the cards in short slices after
  // each answer arrives (a tap is answered in between) instead of in one long task.
  const catalogue = useDeferredValue(rewards.data);
  const redeemed = useDeferredValue(redemptions.data);
  // Goods sent by post: the address is asked first.
  const [addressFor, setAddressFor] = useState<Reward | null>(null);

  const send = (reward: Reward, address?: PostalAddress) =>
    redeem.mutate(
      { rewardId: reward.id, address },
      {
        onSuccess: (answer) => {
          if (answer.success) {
            setAddressFor(null);
            onRedeemed(answer.balance);
            toast({
              title: 'Reward Redeemed!',
              description: `${answer.message}${NEXT_STEP[reward.delivery === 'none' ? reward.category : reward.delivery]}`,
              variant: 'success',
            });
          } else toast({ title: 'Redemption Failed', description: answer.message, variant: 'destructive' });
        },
        onError: (error) => toast({ title: 'Redemption Failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const onRedeem = (reward: Reward) => {
    const state = redeemability(reward, points, redemptions.data ?? []);
    if (!state.redeemable) {
      if (state.reason === 'points')
        toast({
          title: 'Not Enough Points',
          description: `You need ${plural(state.missing, 'more point', 'more points')} for ${reward.name}.`,
          variant: 'destructive',
        });
      return;
    }
    if (reward.delivery === 'postal') setAddressFor(reward);
    else send(reward);
  };

  // The catalogue shows as soon as it is in; counters and buttons wait for the member's redemptions.
  if (rewards.isPending || (!catalogue && !rewards.isError)) return <Spinner label="Loading rewards" />;
  if (rewards.isError || redemptions.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center">
        <p className="font-semibold">Failed to fetch rewards</p>
        <p className="mt-1 text-sm text-slate-600">{errorMessage(rewards.error ?? redemptions.error)}</p>
        <button
          type="button"
          onClick={() => void Promise.all([rewards.refetch(), redemptions.refetch()])}
          className="mt-3 inline-flex min-h-11 items-center rounded-xl border border-slate-300 px-4 text-sm font-semibold"
        >
          Retry
        </button>
      </div>
    );
  }
  if (!catalogue || catalogue.length === 0) {
    return (
      <>
        <div className="rounded-2xl bg-white p-8 text-center">
          <Gift className="mx-auto size-10 text-slate-500" aria-hidden />
          <p className="mt-3 font-semibold">No rewards available</p>
          <p className="mt-1 text-sm text-slate-600">Check back later for new rewards!</p>
        </div>
        <HowToEarn />
      </>
    );
  }
  return (
    <div className="space-y-6">
      {SHOP_SECTIONS.map(({ category, title }) => {
        const inSection = catalogue.filter((r) => r.category === category);
        if (inSection.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`shop-${category}`}>
            <h2 id={`shop-${category}`} className="mb-2 text-lg font-bold">
              {title}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {inSection.map((reward) => (
                <RewardCard
                  key={reward.id}
                  reward={reward}
                  redemptions={redeemed}
                  state={redeemability(reward, points, redeemed ?? [])}
                  pending={redeem.isPending && redeem.variables?.rewardId === reward.id}
                  busy={redeem.isPending || !redeemed}
                  onRedeem={onRedeem}
                  deliveryNote={
                    reward.delivery === 'email' ? emailNote(alertEmail) : reward.delivery === 'postal' ? 'Posted to the address you give' : undefined
                  }
                />
              ))}
            </ul>
          </section>
        );
      })}
      {/* Below the rewards, and only once they are in: nothing already on screen moves when they arrive. */}
      {redeemed && <YourRedemptions redemptions={redeemed} />}
      <HowToEarn />
      <Suspense fallback={null}>
        {addressFor && (
          <AddressDialog reward={addressFor} pending={redeem.isPending} onClose={() => setAddressFor(null)} onSubmit={(address) => send(addressFor, address)} />
        )}
      </Suspense>
    </div>
  );
}

/** The points shop (/shop): rewards by section, what each costs and how often it may be had. */
export default function ShopRoute() {
  const { user, userId, refreshUser } = useSession();
  // The catalogue is everybody's: asked for at once, while the member is still being loaded.
  useRewards();
  // The points shown must be the current balance (posts and claims elsewhere may have changed it).
  useEffect(() => {
    if (userId) refreshUser().catch(() => undefined);
  }, [userId, refreshUser]);

  // The member's record learns of a redemption a moment after it (an event from the points ledger): until it
  // has, the balance shown is the one the redemption's answer carries, and the record is read again every second.
  const [expected, setExpected] = useState<number | null>(null);
  const serverPoints = user?.points ?? 0;
  const caughtUp = expected === null || serverPoints <= expected;
  useEffect(() => {
    if (expected !== null && serverPoints <= expected) setExpected(null);
  }, [expected, serverPoints]);
  useEffect(() => {
    if (caughtUp) return;
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > REFRESH_TRIES) clearInterval(timer);
      else refreshUser().catch(() => undefined);
    }, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [caughtUp, refreshUser]);
  const points = caughtUp ? serverPoints : (expected as number);
  const onRedeemed = useCallback((balance: number) => setExpected(balance), []);
  return (
    <div className="space-y-4">
      {/* The points pill sits beside the title from `sm` up; on a phone it goes under it, so the title is not squeezed. */}
      <header className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-2 sm:grid-cols-[auto_1fr_auto]">
        <BackButton />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Points Shop</h1>
          <p className="text-sm text-slate-600">Redeem your points for rewards</p>
        </div>
        {/* The pill keeps its place while the member loads, so the title does not re-wrap when it arrives. */}
        <p
          data-testid={user ? 'shop-points' : undefined}
          aria-hidden={user ? undefined : true}
          className={cn(
            'col-start-2 flex items-center gap-1.5 justify-self-start rounded-full bg-amber-100 px-3 py-1.5 text-sm font-bold text-amber-950 sm:col-start-3 sm:justify-self-end',
            !user && 'invisible',
          )}
        >
          <Coins className="size-4" aria-hidden />
          {pointsToSpend(user ? points : 0)}
        </p>
      </header>
      {user === undefined ? (
        <Spinner label="Loading" />
      ) : !user || !userId ? (
        <>
          <p className="rounded-2xl bg-white p-6 text-center font-medium">Please refresh the page to access the shop</p>
          <HowToEarn />
        </>
      ) : (
        <Shop userId={userId} points={points} alertEmail={'alertEmail' in user ? user.alertEmail : undefined} onRedeemed={onRedeemed} />
      )}
    </div>
  );
}
