import type { ItemStatus } from '@curbside/contracts';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { cn, withOverrides } from '../../../lib/cn';
import { STATUS_LABELS, stillThereLabel } from '../../../lib/items/item-rules';

const STATUS_STYLES: Record<ItemStatus, string> = {
  available: 'bg-emerald-700 text-white',
  claimed: 'bg-slate-700 text-white',
  first_dibs: 'bg-violet-700 text-white',
  expired: 'bg-red-800 text-white',
  removed: 'bg-slate-500 text-white',
};

export function StatusBadge({ status, className }: { status: ItemStatus; className?: string }) {
  return <span className={withOverrides(`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`, className)}>{STATUS_LABELS[status]}</span>;
}

export function StillThereBadge({ count }: { count: number }) {
  const { label, tone } = stillThereLabel(count);
  const Icon = tone === 'high' ? ShieldCheck : tone === 'recent' ? ShieldAlert : ShieldQuestion;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'high' ? 'bg-emerald-100 text-emerald-900' : tone === 'recent' ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
