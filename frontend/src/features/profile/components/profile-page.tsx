import type { User } from '@curbside/contracts';
import { BadgeCheck, Camera, ChevronRight, Crown, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { pendingPointsText, pointsToSpend } from '../../../lib/pending-points';
import { PROFILE_FRAME_CLASS } from '../../../lib/profile-frame';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { planOf } from '../../../lib/plans/plans';
import { userQueryOptions } from '../../../lib/session/api/get-user';
import { useSession } from '../../../lib/session/session-provider';
import { ProfileStats } from './profile-stats';
import { InstallSettingsRow } from './install-settings-row';
import { PublicNameChoice } from './public-name-choice';
import { TierCard } from './tier-card';

// Every dialog is its own chunk, fetched when it is first opened.
const AvatarUploadDialog = lazy(() => import('./avatar-upload-dialog').then((m) => ({ default: m.AvatarUploadDialog })));
const PlansDialog = lazy(() => import('../../../components/plans-dialog').then((m) => ({ default: m.PlansDialog })));
const TermsDialog = lazy(() => import('../../../components/terms-dialog').then((m) => ({ default: m.TermsDialog })));
const AccountVerificationSheet = lazy(() => import('../../../components/account-verification-sheet').then((m) => ({ default: m.AccountVerificationSheet })));

/** A user record younger than this is shown as it is. */
const FRESH_MS = 10_000;

/** A row of the settings list that another feature's dialog answers (the app composes them). */
export interface ProfileSetting {
  icon: LucideIcon;
  label: string;
  detail: string;
  danger?: boolean;
  /** The dialog the row opens (a lazy one: the profile's Suspense waits for it). */
  dialog: (props: { user: User; close: () => void; reload: () => void }) => ReactNode;
}

/**
 * What the profile shows of other features, composed by the app: `cards` under the stats (impact, perks), `settings`
 * after Account Verification and `closingSettings` at the end of the list (Start Fresh).
 */
interface Slots {
  cards?: (user: User) => ReactNode;
  settings?: readonly ProfileSetting[];
  closingSettings?: readonly ProfileSetting[];
}

type Open = 'avatar' | 'plans' | 'terms' | 'verify' | ProfileSetting | null;

const RANK_STYLES: Record<string, string> = {
  'Curb Master': 'bg-amber-100 text-amber-900',
  'Eco Warrior': 'bg-emerald-100 text-emerald-900',
  'First Dibs': 'bg-violet-100 text-violet-900',
  'Curb Sprinter': 'bg-sky-100 text-sky-900',
  Scout: 'bg-orange-100 text-orange-900',
};

/** The profile (/profile): who you are, your numbers, your plan, and the settings list. */
export function ProfilePage({ reload = () => window.location.reload(), ...slots }: { reload?: () => void } & Slots) {
  const { user, refreshUser } = useSession();
  const [retrying, setRetrying] = useState(false);

  if (storage.get(STORAGE_KEYS.onboardingCompleted) !== 'true') {
    return (
      <Notice title="Please complete onboarding first">
        <Link to="/" className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-emerald-700 px-4 text-sm font-semibold text-white">
          Go to onboarding
        </Link>
      </Notice>
    );
  }
  if (user === undefined) return <ProfileSkeleton />;
  if (user === null) {
    const retry = async () => {
      if (!storage.get(STORAGE_KEYS.userId)) return reload();
      setRetrying(true);
      try {
        await refreshUser();
      } catch (error) {
        toast({ title: 'Failed to load profile', description: errorMessage(error), variant: 'destructive' });
      } finally {
        setRetrying(false);
      }
    };
    return (
      <Notice title="Failed to load profile">
        <Button onClick={() => void retry()} disabled={retrying} className="mt-4">
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      </Notice>
    );
  }
  return <Profile user={user} reload={reload} {...slots} />;
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
      <h1 className="text-lg font-bold">{title}</h1>
      {children}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading profile" className="space-y-3">
      <Skeleton className="h-40 w-full" corners="2xl" />
      <Skeleton className="h-20 w-full" corners="2xl" />
      <Skeleton className="h-28 w-full" corners="2xl" />
    </div>
  );
}

function Profile({ user, reload, cards, settings = [], closingSettings = [] }: { user: User; reload: () => void } & Slots) {
  const { refreshUser } = useSession();
  const [open, setOpen] = useState<Open>(null);
  const queryClient = useQueryClient();
  // Points, rank and badges change as neighbours act: the profile shows them as they are now (unless the record
  // was loaded a moment ago, as when the app starts on this page).
  useEffect(() => {
    const loadedAt = queryClient.getQueryState(userQueryOptions(user.id).queryKey)?.dataUpdatedAt ?? 0;
    if (Date.now() - loadedAt < FRESH_MS) return;
    refreshUser().catch((error: unknown) => console.warn('Refreshing the profile failed', error));
  }, [queryClient, refreshUser, user.id]);
  const close = () => setOpen(null);
  const rows = (list: readonly ProfileSetting[]) =>
    list.map((setting) => (
      <SettingsRow
        key={setting.label}
        icon={setting.icon}
        label={setting.label}
        detail={setting.detail}
        danger={setting.danger}
        onClick={() => setOpen(setting)}
      />
    ));
  return (
    <div className="space-y-3">
      <section aria-labelledby="profile-name" className="rounded-2xl bg-white p-4 text-center shadow-sm">
        <div className="relative mx-auto size-24">
          {user.profilePicture ? (
            <img
              src={user.profilePicture}
              alt=""
              width={96}
              height={96}
              data-testid={user.profileFrame ? 'profile-frame' : undefined}
              className={cn('size-24 rounded-full object-cover', user.profileFrame ? PROFILE_FRAME_CLASS : 'ring-2 ring-emerald-700')}
            />
          ) : (
            <span
              data-testid={user.profileFrame ? 'profile-frame' : undefined}
              className={cn('grid size-24 place-items-center rounded-full bg-slate-100 text-slate-500', user.profileFrame && PROFILE_FRAME_CLASS)}
            >
              <UserRound className="size-12" aria-hidden />
            </span>
          )}
          <button
            type="button"
            onClick={() => setOpen('avatar')}
            aria-label="Change profile picture"
            className="absolute -bottom-1 -right-1 grid size-11 place-items-center rounded-full border-2 border-white bg-emerald-700 text-white shadow hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            <Camera className="size-5" aria-hidden />
          </button>
        </div>
        <h1 id="profile-name" className="mt-3 flex items-center justify-center gap-1 text-xl font-bold">
          {user.username}
          {user.isVerified && <BadgeCheck className="size-5 text-sky-700" aria-label="Verified" role="img" />}
        </h1>
        <PublicNameChoice user={user} />
        <div className="mt-1 flex flex-wrap items-center justify-center gap-2 text-sm">
          <span className={cn('rounded-full px-2.5 py-0.5 font-semibold', RANK_STYLES[user.rank] ?? 'bg-slate-100 text-slate-800')}>{user.rank}</span>
          {user.scoutMode && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900">Scout</span>}
          {user.subscriptionTier !== 'free' && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-400 px-2.5 py-0.5 font-semibold text-amber-950" data-testid="tier-badge">
              <Crown className="size-3.5" aria-hidden />
              {planOf(user.subscriptionTier).name}
            </span>
          )}
          <span className="font-semibold text-emerald-800" data-testid="profile-points">
            {pointsToSpend(user.points)}
          </span>
        </div>
        {pendingPointsText(user.pendingPoints) && (
          <p className="mt-1 text-xs text-slate-700" data-testid="profile-pending-points">
            {pendingPointsText(user.pendingPoints)}
          </p>
        )}
      </section>

      <ProfileStats userId={user.id} />

      {cards?.(user)}

      <TierCard tier={user.subscriptionTier} onUpgrade={() => setOpen('plans')} />

      <nav aria-label="Settings" className="overflow-hidden rounded-2xl bg-white shadow-sm">
        <h2 className="px-4 pb-1 pt-3 text-sm font-semibold text-slate-700">Settings</h2>
        <ul className="divide-y divide-slate-100">
          <SettingsRow
            icon={BadgeCheck}
            label="Account Verification"
            detail={user.isVerified ? 'Verified' : 'Verify your account'}
            onClick={() => setOpen('verify')}
          />
          {rows(settings)}
          <SettingsRow icon={ShieldCheck} label="Terms & Safety" detail="Terms of Use & Safety Disclaimer" onClick={() => setOpen('terms')} />
          <InstallSettingsRow />
          {rows(closingSettings)}
        </ul>
      </nav>

      <Suspense fallback={null}>
        {open === 'avatar' && <AvatarUploadDialog open onClose={close} current={user.profilePicture} />}
        {open === 'plans' && <PlansDialog open onClose={close} />}
        {open === 'terms' && <TermsDialog open onClose={close} />}
        {open === 'verify' && <AccountVerificationSheet onClose={close} onVerified={close} />}
        {open !== null && typeof open === 'object' && open.dialog({ user, close, reload })}
      </Suspense>
    </div>
  );
}

function SettingsRow({
  icon: Icon,
  label,
  detail,
  onClick,
  danger,
}: {
  icon: LucideIcon;
  label: string;
  detail: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex min-h-14 w-full items-center gap-3 px-4 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700"
      >
        <Icon className={cn('size-5 shrink-0', danger ? 'text-red-700' : 'text-emerald-800')} aria-hidden />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm font-semibold', danger ? 'text-red-700' : 'text-slate-900')}>{label}</span>
          <span className="block text-xs text-slate-600">{detail}</span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden />
      </button>
    </li>
  );
}
