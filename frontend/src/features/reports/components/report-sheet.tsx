import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import type { FeedItem } from '../../../lib/items/item-rules';

/** What is reported: an item (or, from its sheet, its poster), a comment, a wanted post, or a member. */
export type ReportTarget =
  | { kind: 'item'; item: FeedItem }
  | { kind: 'comment'; itemId: string; commentId: string; authorName: string }
  | { kind: 'wanted'; wantedId: string; authorName: string }
  | { kind: 'member'; userId: string; name: string };
import { useSession } from '../../../lib/session/session-provider';
import { REPORT_REQUIRED_MESSAGE, REPORT_TYPES, useCreateReport, type ReportType } from '../api/create-report';

const TYPE_LABELS: Record<ReportType, string> = {
  spam: 'Spam',
  inappropriate: 'Inappropriate content',
  unsafe: 'Unsafe item or location',
  fraud: 'Fraud or scam',
  duplicate: 'Duplicate post',
  other: 'Other',
};

function describe(target: ReportTarget): string {
  if (target.kind === 'item') return `Tell us what's wrong with "${target.item.title}".`;
  if (target.kind === 'comment') return `Tell us what's wrong with ${target.authorName}'s comment.`;
  if (target.kind === 'wanted') return `Tell us what's wrong with ${target.authorName}'s wanted post.`;
  return `Tell us what's wrong with ${target.name}'s behaviour.`;
}

/**
 * Report Content: a type and a reason are required, details are optional. From an item, the member may report its
 * poster instead (their behaviour rather than this post).
 */
export default function ReportSheet({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { user } = useSession();
  const [aboutPoster, setAboutPoster] = useState(false);
  const report = useCreateReport();
  const [reportType, setReportType] = useState<ReportType | ''>('');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (!reportType || !reason.trim()) {
      setError(REPORT_REQUIRED_MESSAGE);
      return;
    }
    const what =
      target.kind === 'comment'
        ? { reportedItemId: target.itemId, reportedCommentId: target.commentId }
        : target.kind === 'wanted'
          ? { reportedWantedId: target.wantedId }
          : target.kind === 'member'
            ? { reportedUserId: target.userId }
            : aboutPoster
              ? { reportedUserId: target.item.posterId }
              : { reportedUserId: target.item.posterId, reportedItemId: target.item.id };
    report.mutate(
      { reporterId: user.id, ...what, reportType, reason: reason.trim(), details: details.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Report submitted', description: 'Thank you for helping keep our community safe.', variant: 'success' });
          onClose();
        },
        onError: (e) => toast({ title: 'Failed to submit report', description: errorMessage(e), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Report Content" description={describe(target)} variant="sheet">
      <form onSubmit={submit} className="space-y-3" noValidate>
        {target.kind === 'item' && (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={aboutPoster} onChange={(e) => setAboutPoster(e.target.checked)} />
            Report the poster, {target.item.poster.username}, rather than this post
          </label>
        )}
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">Report type</legend>
          <div className="grid grid-cols-2 gap-1">
            {REPORT_TYPES.map((type) => (
              <label
                key={type}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-2 text-sm has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
              >
                <input type="radio" name="report-type" value={type} checked={reportType === type} onChange={() => (setReportType(type), setError(undefined))} />
                {TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id="report-reason" label="Reason">
          <input id="report-reason" className={inputClass} maxLength={200} value={reason} onChange={(e) => (setReason(e.target.value), setError(undefined))} />
        </Field>
        <Field id="report-details" label="Details (optional)">
          <textarea id="report-details" className={inputClass} rows={3} maxLength={1000} value={details} onChange={(e) => setDetails(e.target.value)} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {report.isPending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
