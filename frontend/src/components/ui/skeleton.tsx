import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-slate-200', className)} />;
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
