import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { RangeField } from '../../../components/ui/range-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { PENDING_POINTS_RULE } from '../../../lib/pending-points';
import { actionPoints, DESCRIPTION_MAX, ItemError, LOCATION_DESCRIPTION_MAX, TITLE_MAX } from '@curbside/contracts/client';
import { ITEM_FORM_CATEGORIES } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';
import { useCreateItem } from '../api/create-item';
import { wantedByText } from '../../../lib/saved-search-text';
import { getSimilarItems } from '../api/get-similar-items';
import { garageSalePayload, type GarageSaleValues } from '../lib/garage-sale-rules';
import {
  emptySingleItem,
  MAX_REWARD_DOLLARS,
  MIN_REWARD_DOLLARS,
  parsePrice,
  singleItemFormSchema,
  singleItemPayload,
  type SingleItemValues,
} from '../lib/single-item-rules';
import { GarageSaleForm } from './garage-sale-form';
import { LocationStatus, useDevicePosition } from './location-status';
import { PhotoPicker } from './photo-picker';
import { usePostingChecks } from './posting-checks';

export { parsePrice } from '../lib/single-item-rules';

/** How long after a post the user is read again for its pending points (an event away). */
const PENDING_POINTS_REFRESH_MS = 1500;

/**
 * Post an Item / Post Curbside Find / garage sale: react-hook-form checked by the contract's item schemas, then the
 * dialogs of spec §4 in order (verification, terms, duplicates). A refused submit focuses the first invalid field.
 */
export default function PostSheet({ onClose }: { onClose: () => void }) {
  const { user, refreshUser } = useSession();
  const scout = !!user?.scoutMode;
  const create = useCreateItem();
  const checks = usePostingChecks();
  const device = useDevicePosition();
  const [garageSale, setGarageSale] = useState(false);
  const [photoUploading, setPhotoUploading] = useState(false);
  // Bumped to empty the photo picker when the server no longer keeps the uploaded photo.
  const [photoPick, setPhotoPick] = useState(0);
  const form = useForm<SingleItemValues>({ defaultValues: emptySingleItem(), resolver: zodResolver(singleItemFormSchema({ scout, photoUploading })) });
  const { errors } = form.formState;
  const [pricingType, timeLimit] = form.watch(['pricingType', 'timeLimit']);

  const busy = create.isPending;
  const position = device.position;
  // What the ledger will credit: the action's points times the member's plan, rounded down (docs/product-rules.md).
  const earns = actionPoints(scout ? 'scout_find' : 'post_item', user?.subscriptionTier ?? 'free');
  const submitLabel = busy
    ? garageSale
      ? 'Creating Garage Sale...'
      : 'Posting...'
    : !position
      ? 'Location Required - Please Enable GPS'
      : garageSale
        ? 'Create Garage Sale'
        : scout
          ? `Scout Find (+${earns} points)`
          : `Post Item (+${earns} points)`;

  const postItem = async (values: SingleItemValues) => {
    if (!user || !position) return;
    if (photoUploading) {
      toast({ title: 'Photo still uploading', description: 'Please wait for the upload to finish.' });
      return;
    }
    const payload = { ...singleItemPayload(values, scout, position), posterId: user.id };
    if (!(await checks.confirm({ paid: payload.pricingType === 'paid', scout }))) return;
    if (!(await checks.postDespite(await getSimilarItems(payload.title, position)))) return onClose();
    create.mutate(payload, {
      onSuccess: (posted) => {
        const points = `+${scout ? 25 : 10} points pending: ${PENDING_POINTS_RULE}.`;
        const wanted = wantedByText(posted.wantedBy);
        toast({
          title: wanted?.title ?? (scout ? 'Scout Find Posted!' : 'Item Posted!'),
          description: wanted ? `${wanted.description} ${points}` : points,
          variant: 'success',
        });
        void refreshUser().catch(() => undefined);
        // The rewards service keeps the post's points pending from item.posted, just after this answer, and no
        // notification announces them: read the user once more a moment later, so the banner shows them.
        setTimeout(() => void refreshUser().catch(() => undefined), PENDING_POINTS_REFRESH_MS);
        onClose();
      },
      onError: (error) => {
        if (hasErrorCode(error, ItemError.PHOTO_NOT_KEPT)) {
          form.setValue('imageUrl', null);
          setPhotoPick((n) => n + 1);
        }
        toast({ title: 'Failed to post item', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  const submitItem = form.handleSubmit(postItem, (invalid) => {
    if (invalid.title) toast({ title: 'Title required', description: invalid.title.message, variant: 'destructive' });
    else if (invalid.imageUrl) toast({ title: 'Photo required', description: `${invalid.imageUrl.message}.`, variant: 'destructive' });
  });

  const postGarageSale = async (values: GarageSaleValues, showOnField: (error: unknown) => boolean) => {
    if (!user || !position) return;
    if (!(await checks.confirm({ paid: false, scout: false }))) return;
    create.mutate(
      { ...garageSalePayload(values, position), posterId: user.id },
      {
        onSuccess: (posted) => {
          const wanted = wantedByText(posted.wantedBy);
          toast({
            title: wanted?.title ?? 'Garage Sale Posted!',
            description: wanted?.description ?? 'Your garage sale has been posted successfully.',
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          if (!showOnField(error)) toast({ title: 'Failed to post item', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const footer: ReactNode = (
    <>
      <LocationStatus state={device.state} onRetry={device.locate} />
      <Button
        type="submit"
        disabled={!position || busy || !user}
        variant={scout ? 'gold' : 'primary'}
        className="w-full"
        aria-describedby={garageSale ? undefined : 'post-points-rule'}
      >
        {submitLabel}
      </Button>
      {!garageSale && (
        <p id="post-points-rule" className="text-center text-xs text-slate-600">
          The points are pending: {PENDING_POINTS_RULE}.
        </p>
      )}
    </>
  );

  return (
    <>
      <Dialog open onClose={onClose} title={scout ? 'Post Curbside Find' : 'Post an Item'} variant="sheet" dismissible={!busy}>
        <div className="space-y-4 pb-2">
          {!scout && (
            <div role="group" aria-label="What are you posting?" className="grid grid-cols-2 rounded-xl bg-slate-100 p-1 text-sm font-semibold">
              {[false, true].map((isSale) => (
                <button
                  key={String(isSale)}
                  type="button"
                  aria-pressed={garageSale === isSale}
                  onClick={() => setGarageSale(isSale)}
                  className={cn('min-h-11 rounded-lg', garageSale === isSale ? 'bg-white text-emerald-800 shadow' : 'text-slate-700')}
                >
                  {isSale ? 'Garage Sale' : 'Single Item'}
                </button>
              ))}
            </div>
          )}
          {scout && <p className="rounded-xl bg-sky-50 p-2 text-sm text-sky-950">Scout finds are free, stay up for 24 hours and need a photo.</p>}

          {garageSale ? (
            <GarageSaleForm idPrefix="sheet-sale" onValid={postGarageSale}>
              {() => (
                <>
                  <p className="text-xs text-slate-600">
                    Need more room? Use the{' '}
                    <Link to="/post-garage-sale" onClick={onClose} className="font-semibold text-emerald-800 underline">
                      full garage sale form
                    </Link>
                    .
                  </p>
                  {footer}
                </>
              )}
            </GarageSaleForm>
          ) : (
            <form onSubmit={(e) => void submitItem(e)} className="space-y-4" noValidate>
              <PhotoPicker
                key={photoPick}
                focusOnMount={photoPick > 0}
                required={scout}
                onChange={(url, uploading) => {
                  form.setValue('imageUrl', url);
                  setPhotoUploading(uploading);
                }}
              />
              <Field id="post-title" label="Title" error={errors.title?.message}>
                <input
                  id="post-title"
                  className={inputClass}
                  maxLength={TITLE_MAX}
                  aria-invalid={!!errors.title}
                  placeholder="e.g. Wooden bookshelf"
                  {...form.register('title')}
                />
              </Field>
              <Field id="post-description" label="Description">
                <textarea id="post-description" rows={2} maxLength={DESCRIPTION_MAX} className={inputClass} {...form.register('description')} />
              </Field>
              <Field id="post-category" label="Category" error={errors.category?.message}>
                <select id="post-category" className={inputClass} aria-invalid={!!errors.category} {...form.register('category')}>
                  <option value="">Choose a category</option>
                  {ITEM_FORM_CATEGORIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </Field>
              {!scout && (
                <>
                  <fieldset>
                    <legend className="mb-1 text-sm font-medium text-slate-800">Pricing</legend>
                    <div className="flex gap-4">
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                        <input type="radio" value="free" {...form.register('pricingType')} /> Free
                      </label>
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                        <input type="radio" value="paid" {...form.register('pricingType')} /> Pay a reward for pickup
                      </label>
                    </div>
                  </fieldset>
                  {pricingType === 'paid' && (
                    <Field
                      id="post-price"
                      label="Reward ($)"
                      error={errors.price?.message}
                      hint={`Between $${MIN_REWARD_DOLLARS} and $${MAX_REWARD_DOLLARS}. The sprinter who picks it up receives half.`}
                    >
                      <input
                        id="post-price"
                        type="number"
                        min={MIN_REWARD_DOLLARS}
                        max={MAX_REWARD_DOLLARS}
                        step={0.01}
                        inputMode="decimal"
                        className={inputClass}
                        aria-invalid={!!errors.price}
                        aria-describedby={errors.price ? 'post-price-error' : undefined}
                        {...form.register('price', { onBlur: (e: { target: HTMLInputElement }) => form.setValue('price', String(parsePrice(e.target.value))) })}
                      />
                    </Field>
                  )}
                  <RangeField
                    id="post-time"
                    label={`Pickup window: ${timeLimit} h`}
                    min={1}
                    max={24}
                    {...form.register('timeLimit', { valueAsNumber: true })}
                  />
                </>
              )}
              <Field id="post-where" label="Where exactly? (optional)">
                <input
                  id="post-where"
                  className={inputClass}
                  maxLength={LOCATION_DESCRIPTION_MAX}
                  placeholder="e.g. Corner of 5th and Main, by the tree"
                  {...form.register('locationDescription')}
                />
              </Field>
              {footer}
            </form>
          )}
        </div>
      </Dialog>
      {checks.dialogs}
    </>
  );
}
