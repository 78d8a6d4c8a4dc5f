import { Link, useLocation } from 'react-router';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="rounded-2xl bg-white p-6 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-sm text-slate-600">
        No route matches <code className="rounded bg-slate-100 px-1">{pathname}</code>. Did you forget to add the page to the router?
      </p>
      <Link to="/" className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-emerald-700 px-4 text-sm font-semibold text-white">
        Back to the feed
      </Link>
    </div>
  );
}
