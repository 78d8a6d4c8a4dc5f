import { ReviewQueue } from '../../features/moderation/components/review-queue';

/** The review queue: reported and flagged content, appeals, and what was decided (moderators only). */
export default function ModerationRoute() {
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-2xl font-bold">Review queue</h1>
        <p className="text-sm text-slate-600">Restore, remove or warn, always with a reason: the poster reads it and may appeal a removal once.</p>
      </header>
      <ReviewQueue />
    </div>
  );
}
