import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from './report-sheet';

// The sheet opens on demand: its code loads only when someone reports.
const ReportSheet = lazy(() => import('./report-sheet'));

type AuthoredTarget = Extract<ReportTarget, { kind: 'comment' | 'wanted' }>;

const LABELS: Record<AuthoredTarget['kind'], string> = { comment: 'comment', wanted: 'wanted post' };

/** A flag that reports another member's comment or wanted post (the report sheet opens on a tap). */
export function ReportButton({ target, className, iconClassName }: { target: AuthoredTarget; className: string; iconClassName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-label={`Report ${target.authorName}'s ${LABELS[target.kind]}`} onClick={() => setOpen(true)} className={className}>
        <Flag className={iconClassName} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportSheet target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
