import { useSearchParams } from 'react-router';
import { AppealForm } from '../../features/moderation/components/appeal-form';

/** /appeal?case=<id>: the poster of removed content appeals (the link comes with the removal's notification). */
export default function AppealRoute() {
  const [params] = useSearchParams();
  const caseId = params.get('case') ?? '';
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-2xl font-bold">Appeal a removal</h1>
        <p className="text-sm text-slate-600">A moderator other than the one who removed it reads your reason and decides. You can appeal once.</p>
      </header>
      {/^[0-9a-f-]{36}$/i.test(caseId) ? <AppealForm caseId={caseId} /> : <p className="text-sm text-slate-700">This link does not name a removal.</p>}
    </div>
  );
}
