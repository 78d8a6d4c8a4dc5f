import { updateItemRequestSchema } from '@curbside/contracts';
import { DESCRIPTION_MAX, TITLE_MAX } from '@curbside/contracts/client';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../users/session-provider';
import { useUpdateItem } from '../api/item-actions';
import { ITEM_FORM_CATEGORIES, type FeedItem } from '../lib/item-rules';

/** Edit Item: title required; paid reward $1–$100 in whole dollars; pickup window 1–24 h. */
export default function EditItemDialog({ item, onClose }: { item: FeedItem; onClose: () => void }) {
  const { user } = useSession();
  const update = useUpdateItem();
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const [category, setCategory] = useState(item.category);
  const [pricingType, setPricingType] = useState(item.pricingType);
  const [reward, setReward] = useState(item.customAmount ? Math.min(100, Math.max(1, Math.round(item.customAmount / 100))) : 5);
  const [timeLimit, setTimeLimit] = useState(item.timeLimit || 24);
  const [titleError, setTitleError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const body = {
      userId: user.id,
      title: title.trim(),
      description: description.trim(),
      category: category as (typeof ITEM_FORM_CATEGORIES)[number],
      pricingType,
      customAmount: pricingType === 'paid' ? reward * 100 : null,
      timeLimit,
    };
    // The contract's own schema, so the dialog says what the server would.
    const issues = updateItemRequestSchema.safeParse(body).error?.issues ?? [];
    const titleIssue = issues.find((i) => i.path[0] === 'title');
    if (titleIssue) {
      setTitleError(titleIssue.message);
      document.getElementById('edit-title')?.focus();
      return;
    }
    if (issues.length > 0) {
      toast({ title: 'Failed to update item', description: issues[0].message, variant: 'destructive' });
      return;
    }
    update.mutate(
      { itemId: item.id, body },
      {
        onSuccess: () => {
          toast({ title: 'Item updated', variant: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: 'Failed to update item', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const categories: readonly string[] = ITEM_FORM_CATEGORIES.includes(category as (typeof ITEM_FORM_CATEGORIES)[number]) ? ITEM_FORM_CATEGORIES : [category, ...ITEM_FORM_CATEGORIES];

  return (
    <Dialog open onClose={onClose} title="Edit Item">
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <Field id="edit-title" label="Title" error={titleError}>
          <input
            id="edit-title"
            className={inputClass}
            value={title}
            maxLength={TITLE_MAX}
            aria-invalid={!!titleError}
            onChange={(e) => {
              setTitle(e.target.value);
              setTitleError(undefined);
            }}
          />
        </Field>
        <Field id="edit-description" label="Description">
          <textarea id="edit-description" className={inputClass} rows={3} maxLength={DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <Field id="edit-category" label="Category">
          <select id="edit-category" className={inputClass} value={category} onChange={(e) => setCategory(e.target.value)}>
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        {!item.isGarageSale && (
          <>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium text-slate-800">Pricing</legend>
              <div className="flex gap-4">
                {(['free', 'paid'] as const).map((type) => (
                  <label key={type} className="inline-flex min-h-11 items-center gap-2 text-sm">
                    <input type="radio" name="edit-pricing" value={type} checked={pricingType === type} disabled={type === 'paid' && !user?.isVerified} onChange={() => setPricingType(type)} />
                    {type === 'free' ? 'Free' : 'Reward'}
                  </label>
                ))}
              </div>
            </fieldset>
            {pricingType === 'paid' && (
              <Field id="edit-reward" label={`Reward: $${reward}`}>
                <input id="edit-reward" type="range" min={1} max={100} step={1} value={reward} onChange={(e) => setReward(Number(e.target.value))} className="w-full accent-emerald-700" />
              </Field>
            )}
            <Field id="edit-time" label={`Pickup time limit: ${timeLimit} h`}>
              <input id="edit-time" type="range" min={1} max={24} step={1} value={timeLimit} onChange={(e) => setTimeLimit(Number(e.target.value))} className="w-full accent-emerald-700" />
            </Field>
          </>
        )}
        <div className="flex gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} className="flex-1">
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending} className="flex-1">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
