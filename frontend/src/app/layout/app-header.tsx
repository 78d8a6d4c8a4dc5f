import { BadgeCheck, Recycle, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { HiddenAdminEntry } from '../../features/admin/components/hidden-admin-entry';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ScoutModeButton } from '../../features/scout/components/scout-mode-button';
import { useSession } from '../../lib/session/session-provider';
import { cn } from '../../lib/cn';
import { ToastSlot } from '../../components/ui/toaster';
import { PROFILE_FRAME_CLASS } from '../../lib/profile-frame';
import { STALE_ELSEWHERE } from './stale-elsewhere';

export { unreadLabel } from '../../features/notifications/components/notification-bell';

const RANK_STYLES: Record<string, string> = {
  'Curb Master': 'bg-amber-500 text-amber-950',
  'Eco Warrior': 'bg-emerald-600 text-white',
  'First Dibs': 'bg-violet-600 text-white',
  'Curb Sprinter': 'bg-sky-600 text-white',
  Scout: 'bg-orange-500 text-orange-950',
};

function ProfileButton() {
  const { user } = useSession();
  let content;
  const frame = user?.profileFrame ? PROFILE_FRAME_CLASS : undefined;
  if (user?.profilePicture) content = <img src={user.profilePicture} alt="" width={36} height={36} className={cn('size-9 rounded-full object-cover', frame)} />;
  else if (user && user.rank !== 'Newbie') {
    content = (
      <span
        className={cn('relative grid size-9 place-items-center rounded-full text-xs font-bold', RANK_STYLES[user.rank] ?? 'bg-slate-200 text-slate-800', frame)}
      >
        {user.rank.slice(0, 1)}
        {user.isVerified && <BadgeCheck className="absolute -bottom-1 -right-1 size-4 rounded-full bg-white text-sky-700" aria-hidden />}
      </span>
    );
  } else content = frame ? <UserRound className={cn('size-7 rounded-full', frame)} aria-hidden /> : <UserRound className="size-6" aria-hidden />;
  return (
    <Link to="/profile" aria-label="Profile" className="grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100">
      {content}
    </Link>
  );
}

/** Logo, the bell (only with a user whose record has loaded) and the profile button. */
export function AppHeader() {
  // The member's own calls (the unread count, the live stream, the admin check) wait for the record to load: a
  // stored id that is gone, or a session cookie that is no longer the member's, then costs the one look-up that
  // finds it so, not a refused call of each before the recovery starts.
  const { user } = useSession();
  const userId = user?.id ?? null;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {userId && <HiddenAdminEntry userId={userId} />}
      <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-3">
        <Link to="/" className="flex items-center gap-1.5 text-lg font-extrabold tracking-tight text-emerald-800">
          <Recycle className="size-6" aria-hidden />
          Curbside
        </Link>
        <div className="ml-auto flex items-center">
          <ScoutModeButton />
          {userId && <NotificationBell userId={userId} staleElsewhere={STALE_ELSEWHERE} />}
          <ProfileButton />
        </div>
      </div>
      {/* Toasts show under the header row, in the flow: the page moves down for them and no control is covered. */}
      <ToastSlot kind="page" />
    </header>
  );
}
