import { Home, Map, Plus, Search, Sparkles, Trophy } from 'lucide-react';
import { NavLink } from 'react-router';
import { usePostSheet } from '../../features/posting/post-sheet-provider';
import { useSession } from '../../lib/session/session-provider';
import { cn } from '../../lib/cn';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium',
    isActive ? 'text-emerald-800' : 'text-slate-600 hover:text-slate-900',
  );

/** Feed, Map, the central Post button, Search, Top. */
export function BottomNav() {
  const { openPostSheet } = usePostSheet();
  const { user } = useSession();
  const scout = !!user?.scoutMode;
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <div className="mx-auto flex max-w-3xl items-end px-1">
        <NavLink to="/" end className={linkClass}>
          <Home className="size-5" aria-hidden /> Feed
        </NavLink>
        <NavLink to="/map" className={linkClass}>
          <Map className="size-5" aria-hidden /> Map
        </NavLink>
        <div className="flex flex-1 justify-center">
          <button
            type="button"
            onClick={openPostSheet}
            className={cn(
              '-mt-5 flex flex-col items-center gap-0.5 rounded-2xl px-3 pb-1.5 pt-2 text-xs font-bold shadow-lg',
              scout ? 'bg-amber-400 text-amber-950' : 'bg-emerald-700 text-white',
            )}
          >
            {scout ? <Sparkles className="size-6" aria-hidden /> : <Plus className="size-6" aria-hidden />}
            {scout ? 'Curbside Find' : 'Post'}
          </button>
        </div>
        <NavLink to="/search" className={linkClass}>
          <Search className="size-5" aria-hidden /> Search
        </NavLink>
        <NavLink to="/leaderboard" className={linkClass}>
          <Trophy className="size-5" aria-hidden /> Top
        </NavLink>
      </div>
    </nav>
  );
}
