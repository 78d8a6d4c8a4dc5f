import { TopFinds } from '../items/top-finds';

export default function TopFindsRoute() {
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-2xl font-bold">Top Finds Today</h1>
        <p className="text-sm text-slate-600">Most voted items in your area</p>
        <p className="mt-1 flex gap-3 text-xs text-slate-600">
          <span>Updates daily</span>
          <span>Votes reset at midnight</span>
        </p>
      </header>
      <TopFinds />
    </div>
  );
}
