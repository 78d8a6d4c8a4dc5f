import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useAdminStatus } from '../../../lib/session/api/get-admin-status';
import { useSession } from '../../../lib/session/session-provider';

/** The way to the review queue, shown to moderators only (the queue itself is refused to anyone else by the server). */
export function ModerationEntry() {
  const { user } = useSession();
  const status = useAdminStatus(user?.id ?? '', Boolean(user));
  if (!status.data?.isModerator) return null;
  return (
    <Link
      to="/moderation"
      className="flex min-h-11 items-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
    >
      <ShieldCheck className="size-5 text-emerald-700" aria-hidden />
      Review queue
    </Link>
  );
}
