import { updateItemRequestSchema } from '@curbside/contracts';
import { DESCRIPTION_MAX, TITLE_MAX } from '@curbside/contracts/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { RangeField } from '../../../components/ui/range-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session/session-provider';
import { useUpdateItem } from '../api/item-actions';
import { ITEM_FORM_CATEGORIES, type FeedItem } from '../../../lib/items/item-rules';

interface EditValues {
  title: string;
  description: string;
  category: string;
  pricingType: FeedItem['pricingType'];
  reward: number;
  timeLimit: number;
}

/** The PATCH body of the form: the reward is typed in whole dollars and sent in cents. */
const editPayload = (v: EditValues) => ({
  title: v.title.trim(),
  description: v.description.trim(),
  category: v.category as (typeof ITEM_FORM_CATEGORIES)[number],
  pricingType: v.pricingType,
  customAmount: v.pricingType === 'paid' ? v.reward * 100 : null,
  timeLimit: v.timeLimit,
});

/** Where each field of the contract's PATCH body is set in the dialog. */
const FORM_FIELD: Record<string, keyof EditValues> = {
  title: 'title',
  description: 'description',
  category: 'category',
  pricingType: 'pricingType',
  customAmount: 'reward',
  timeLimit: 'timeLimit',
};

/** The dialog's values checked by the contract's own PATCH schema, so it says what the server would. */
const editFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    category: z.string(),
    pricingType: z.enum(['free', 'paid']),
    reward: z.number(),
    timeLimit: z.number(),
  })
  .superRefine((v, ctx) => {
    for (const issue of updateItemRequestSchema.safeParse(editPayload(v)).error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: [FORM_FIELD[String(issue.path[0])] ?? 'title'], message: issue.message });
    }
  });

/** Edit Item: title required; paid reward $1–$100 in whole dollars; pickup window 1–24 h. */
export default function EditItemDialog({ item, onClose }: { item: FeedItem; onClose: () => void }) {
  const { user } = useSession();
  const update = useUpdateItem();
  const form = useForm<EditValues>({
    defaultValues: {
      title: item.title,
      description: item.description,
      category: item.category,
      pricingType: item.pricingType,
      reward: item.customAmount ? Math.min(100, Math.max(1, Math.round(item.customAmount / 100))) : 5,
      timeLimit: item.timeLimit || 24,
    },
    resolver: zodResolver(editFormSchema),
  });
  const [category, pricingType, reward, timeLimit] = form.watch(['category', 'pricingType', 'reward', 'timeLimit']);
  const titleError = form.formState.errors.title?.message;

  const save = (values: EditValues) => {
    if (!user) return;
    update.mutate(
      { itemId: item.id, body: { userId: user.id, ...editPayload(values) } },
      {
        onSuccess: () => {
          toast({ title: 'Item updated', variant: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: 'Failed to update item', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  // The title's message shows under it (and the title takes the focus); the sliders' bounds are the rules, so any
  // other refusal is told as the server would tell it.
  const onSubmit = form.handleSubmit(save, (invalid) => {
    const other = firstErrorMessage(invalid, ['description', 'category', 'pricingType', 'reward', 'timeLimit']);
    if (!invalid.title && other) toast({ title: 'Failed to update item', description: other, variant: 'destructive' });
  });

  const categories: readonly string[] = ITEM_FORM_CATEGORIES.includes(category as (typeof ITEM_FORM_CATEGORIES)[number])
    ? ITEM_FORM_CATEGORIES
    : [category, ...ITEM_FORM_CATEGORIES];

  return (
    <Dialog open onClose={onClose} title="Edit Item">
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
        <Field id="edit-title" label="Title" error={titleError}>
          <input id="edit-title" className={inputClass} maxLength={TITLE_MAX} aria-invalid={!!titleError} {...form.register('title')} />
        </Field>
        <Field id="edit-description" label="Description">
          <textarea id="edit-description" className={inputClass} rows={3} maxLength={DESCRIPTION_MAX} {...form.register('description')} />
        </Field>
        <Field id="edit-category" label="Category">
          <select id="edit-category" className={inputClass} {...form.register('category')}>
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
                    <input type="radio" value={type} disabled={type === 'paid' && !user?.isVerified} {...form.register('pricingType')} />
                    {type === 'free' ? 'Free' : 'Reward'}
                  </label>
                ))}
              </div>
            </fieldset>
            {pricingType === 'paid' && (
              <RangeField id="edit-reward" label={`Reward: $${reward}`} min={1} max={100} {...form.register('reward', { valueAsNumber: true })} />
            )}
            <RangeField id="edit-time" label={`Pickup time limit: ${timeLimit} h`} min={1} max={24} {...form.register('timeLimit', { valueAsNumber: true })} />
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
