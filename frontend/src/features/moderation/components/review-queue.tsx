import { ModerationError } from '@curbside/contracts/client';
import { useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useModerationCases, type CaseTab } from '../api/get-moderation-cases';
import { CaseCard } from './case-card';

const TABS: { id: CaseTab; label: string }[] = [
  { id: 'open', label: 'To review' },
  { id: 'appealed', label: 'Appeals' },
  { id: 'decided', label: 'Decided' },
];

const EMPTY: Record<CaseTab, string> = {
  open: 'Nothing to review. Reported and flagged posts show up here.',
  appealed: 'No appeals waiting.',
  decided: 'No decisions yet.',
};

/** The review queue (moderators only; the server refuses anyone else and the screen then says so). */
export function ReviewQueue() {
  const [tab, setTab] = useState<CaseTab>('open');
  const cases = useModerationCases(tab);
  if (cases.isError && hasErrorCode(cases.error, ModerationError.NOT_MODERATOR)) {
    return <p className="rounded-xl bg-white p-4 text-sm text-slate-700">This page is for moderators.</p>;
  }
  return (
    <div className="space-y-3">
      <div role="tablist" aria-label="Cases" className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={`min-h-11 rounded-lg text-sm font-semibold ${tab === t.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {cases.isPending && <Skeleton className="h-40 w-full" />}
      {cases.isError && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the cases: {errorMessage(cases.error)}
        </p>
      )}
      {cases.data?.length === 0 && <p className="text-sm text-slate-600">{EMPTY[tab]}</p>}
      <div role="tabpanel" className="space-y-3">
        {cases.data?.map((entry) => (
          <CaseCard key={entry.id} entry={entry} />
        ))}
      </div>
    </div>
  );
}
