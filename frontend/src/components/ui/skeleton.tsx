import { withOverrides } from '../../lib/cn';

const CORNERS = { lg: 'rounded-lg', '2xl': 'rounded-2xl', full: 'rounded-full' } as const;

/** A grey placeholder shaped like what is loading; `corners` follows the card or avatar it stands for. */
export function Skeleton({ className, corners = 'lg' }: { className?: string; corners?: keyof typeof CORNERS }) {
  return <div aria-hidden className={withOverrides(`animate-pulse bg-slate-200 ${CORNERS[corners]}`, className)} />;
}

export function CardSkeleton() {
  return (
    <div data-testid="card-skeleton" className="rounded-2xl border border-slate-200 bg-white p-3">
      <Skeleton className="h-40 w-full" />
      <Skeleton className="mt-3 h-5 w-2/3" />
      <Skeleton className="mt-2 h-4 w-1/2" />
    </div>
  );
}
