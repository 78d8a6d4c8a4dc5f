import type { User } from '@curbside/contracts';
import { toast } from '../../../components/ui/toast-store';
import { useSetPublicName } from '../api/set-public-name';

/**
 * The name neighbours see (docs/product-rules.md, "Public name"): the first name (with the last initial once
 * verified) or the name Curbside made up; a member who gave no first name has only the made-up one.
 */
export function PublicNameChoice({ user }: { user: User }) {
  const setName = useSetPublicName();
  if (!user.firstName) return null;
  const next = !user.useGeneratedName;
  return (
    <p className="mt-1 text-sm text-slate-600">
      The name neighbours see.{' '}
      <button
        type="button"
        disabled={setName.isPending}
        onClick={() =>
          setName.mutate(next, {
            onError: () => toast({ title: 'Name not changed', description: 'Please try again in a moment.', variant: 'destructive' }),
          })
        }
        className="min-h-11 font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900 disabled:opacity-60"
      >
        {next ? `Use ${user.generatedName} instead` : 'Use my first name instead'}
      </button>
    </p>
  );
}
