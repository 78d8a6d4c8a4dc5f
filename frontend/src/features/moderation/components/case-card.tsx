import { zodResolver } from '@hookform/resolvers/zod';
import { caseDecisionRequestSchema, type CaseDecisionRequest } from '@curbside/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useDecideCase } from '../api/decide-case';
import type { ModerationCase } from '../api/get-moderation-cases';

const TARGET_LABELS: Record<ModerationCase['targetType'], string> = {
  item: 'Item',
  comment: 'Comment',
  member: 'Member',
  message: 'Handover message',
  wanted: 'Wanted post',
};
const DECISION_LABELS = { approve: 'Restored', remove: 'Removed', warn: 'Warned' } as const;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How much a report weighs toward hiding (docs/product-rules.md, Moderation). */
function weightText(weight: number): string | null {
  if (weight === 0) return 'does not count (new account, not verified)';
  if (weight < 1) return 'counts half (often overruled)';
  return null;
}

/** One case of the review queue: what was posted, why it is here, the poster's record, and the decision. */
export function CaseCard({ entry }: { entry: ModerationCase }) {
  const { content, subject } = entry;
  const appeal = entry.status === 'appealed';
  const headingId = `case-${entry.id}`;
  return (
    <article aria-labelledby={headingId} data-testid="moderation-case" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{TARGET_LABELS[entry.targetType]}</span>
        {entry.hidden && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Hidden while in review</span>}
        <span className="text-xs text-slate-600">
          {entry.openedBy === 'reports' ? 'Reported by neighbours' : 'Flagged by the automatic checks'} · {when(entry.openedAt)}
        </span>
      </header>

      <section className="space-y-2">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {content.title ?? subject.username}
        </h2>
        {entry.targetType === 'comment' && <p className="text-xs text-slate-600">A comment on this item:</p>}
        {content.text && <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{content.text}</p>}
        {content.photos.length > 0 && (
          <div className="flex gap-2">
            {content.photos.map((photo) => (
              <img key={photo} src={photo} alt={content.title ?? 'The item'} className="h-32 w-32 rounded-xl object-cover" loading="lazy" />
            ))}
          </div>
        )}
        {(content.category || content.status) && (
          <p className="text-xs text-slate-600">{[content.category, content.status && `status: ${content.status}`].filter(Boolean).join(' · ')}</p>
        )}
      </section>

      {/* Plain blocks under headings, not named regions: a queue of cases would repeat the same landmark names. */}
      {entry.flags.length > 0 && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold">Automatic checks</h3>
          <ul className="space-y-1">
            {entry.flags.map((flag, index) => (
              <li key={`${flag.ruleId}-${index}`} className="rounded-lg bg-red-50 p-2 text-sm text-red-900">
                <span className="font-medium">{flag.label}</span> ({flag.confidence === 'high' ? 'sure' : 'unsure'}, rule <code>{flag.ruleId}</code>
                {flag.source !== 'rules' ? `, ${flag.source}` : ''})
                {flag.words.length > 0 && <span className="block text-xs">Words: {flag.words.map((w) => `“${w}”`).join(', ')}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      {entry.reports.length > 0 && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold">Reports ({entry.reports.length})</h3>
          <ul className="space-y-1">
            {entry.reports.map((report) => (
              <li key={report.id} className="rounded-lg bg-slate-50 p-2 text-sm">
                <span className="font-medium">{report.reporterName}</span>: {report.reportType} — {report.reason}
                {report.details && <span className="block text-xs text-slate-700">{report.details}</span>}
                {weightText(report.weight) && <span className="block text-xs text-slate-600">{weightText(report.weight)}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="rounded-lg bg-slate-50 p-2 text-sm">
        <h3 className="sr-only">The poster</h3>
        <p>
          <span className="font-medium">{subject.username}</span>: {subject.history.posts} posts, {subject.history.removals} removed, {subject.history.warnings}{' '}
          warnings, {subject.history.earlierCases} earlier cases
        </p>
        <p className="text-xs text-slate-600">
          {subject.reliability
            ? `Picked up ${subject.reliability.pickedUp} of ${subject.reliability.holds} holds (90 days)`
            : 'Too few holds to say how reliable'}
        </p>
      </div>

      {entry.decision && (
        <p className="text-sm">
          <span className="font-medium">{DECISION_LABELS[entry.decision.decision]}</span> by {entry.decision.moderatorName}: {entry.decision.reason}
        </p>
      )}
      {entry.appeal && (
        <p className="text-sm">
          <span className="font-medium">Appeal:</span> {entry.appeal.reason}
          {entry.appeal.outcome && (
            <span className="block">
              {entry.appeal.outcome === 'overturned' ? 'Overturned' : 'Upheld'}: {entry.appeal.reply}
            </span>
          )}
        </p>
      )}

      {entry.canDecide ? (
        <DecisionForm entry={entry} appeal={appeal} />
      ) : (
        appeal && <p className="text-sm text-slate-600">Another moderator decides the appeal of your decision.</p>
      )}
    </article>
  );
}

/** Approve, remove or warn (on an appeal: overturn or uphold), always with a reason the poster reads. */
function DecisionForm({ entry, appeal }: { entry: ModerationCase; appeal: boolean }) {
  const decide = useDecideCase();
  const form = useForm<CaseDecisionRequest>({ defaultValues: { decision: 'approve', reason: '' }, resolver: zodResolver(caseDecisionRequestSchema) });
  const reasonError = form.formState.errors.reason?.message;
  const reasonId = `reason-${entry.id}`;
  const send = (decision: CaseDecisionRequest['decision']) =>
    form.handleSubmit((values) =>
      decide.mutateAsync({ caseId: entry.id, decision, reason: values.reason }).then(
        () => toast({ title: 'Decision recorded', description: 'The poster has been told.', variant: 'success' }),
        (error: unknown) => toast({ title: 'Could not record the decision', description: errorMessage(error), variant: 'destructive' }),
      ),
    )();
  return (
    <form className="space-y-2" noValidate onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={reasonId} className="block text-sm font-medium">
        {appeal ? 'Your answer to the appeal' : 'Reason (the poster reads it)'}
      </label>
      <textarea
        id={reasonId}
        rows={2}
        maxLength={500}
        className={inputClass}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${reasonId}-error` : undefined}
        {...form.register('reason')}
      />
      {reasonError && (
        <p id={`${reasonId}-error`} role="alert" className="text-sm text-red-700">
          {reasonError}
        </p>
      )}
      <div className={`grid gap-2 ${appeal ? 'grid-cols-2' : 'grid-cols-3'}`}>
        <Button variant="primary" disabled={decide.isPending} onClick={() => void send('approve')}>
          {appeal ? 'Overturn' : 'Restore'}
        </Button>
        <Button variant="danger" disabled={decide.isPending} onClick={() => void send('remove')}>
          {appeal ? 'Uphold' : 'Remove'}
        </Button>
        {!appeal && (
          <Button variant="secondary" disabled={decide.isPending} onClick={() => void send('warn')}>
            Warn
          </Button>
        )}
      </div>
    </form>
  );
}
