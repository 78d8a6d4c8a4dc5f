import { FulfilmentList } from '../../features/fulfilment/components/fulfilment-list';

/** Goods redeemed in the points shop, to send or cancel (administrators only; linked from nowhere). */
export default function AdminFulfilmentRoute() {
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-2xl font-bold">Fulfilment</h1>
        <p className="text-sm text-slate-600">
          Send each reward to where it goes, then mark it fulfilled; or cancel it with a reason and its points go back. The member is told either way.
        </p>
      </header>
      <FulfilmentList />
    </div>
  );
}
