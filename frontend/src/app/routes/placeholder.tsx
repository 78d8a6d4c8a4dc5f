import { Link } from 'react-router';

/** Screens of the accounts document (profile, shop, leaderboard) are built in their own issue. */
export function PlaceholderRoute({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-2xl bg-white p-6 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <Link to="/" className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-emerald-700 px-4 text-sm font-semibold text-white">
        Back to the feed
      </Link>
    </div>
  );
}

