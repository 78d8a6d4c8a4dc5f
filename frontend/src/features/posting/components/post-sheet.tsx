import type { Position } from '@curbside/contracts';
import { Camera, CheckCircle2, Loader2, MapPin, MapPinOff, X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { PENDING_POINTS_RULE } from '../../../lib/pending-points';
import { DESCRIPTION_MAX, ItemMessages, LOCATION_DESCRIPTION_MAX, SCOUT_FIND_HOURS, TITLE_MAX } from '@curbside/contracts/client';
import { ITEM_FORM_CATEGORIES, type FeedItem } from '../../items/lib/item-rules';
import { currentPosition } from '../../location/current-position';
import { useSession } from '../../users/session-provider';
import { useCreateItem } from '../api/create-item';
import { wantedByText } from '../../saved-searches/lib/saved-search-text';
import { getSimilarItems } from '../api/get-similar-items';
import { MAX_PHOTO_BYTES, uploadPhoto } from '../api/upload-photo';
import { emptyGarageSale, garageSalePayload, validateGarageSale, type GarageSaleErrors, type GarageSaleValues } from '../lib/garage-sale-rules';
import { MAX_REWARD_DOLLARS, MIN_REWARD_DOLLARS, parsePrice, singleItemErrors, type ItemFormErrors } from '../lib/single-item-rules';
import { hasAcceptedTerms, rememberAcceptedTerms, type SafetyTermsType } from '../lib/safety-terms';
import { AccountVerificationSheet } from './account-verification-sheet';
import { GarageSaleFields } from './garage-sale-fields';
import { SafetyTermsDialog } from './safety-terms-dialog';
import { SimilarItemsDialog } from './similar-items-dialog';

type LocationState = { status: 'locating' } | { status: 'found'; position: Position } | { status: 'error'; message: string };

type FlowDialog = { kind: 'verify' } | { kind: 'terms'; type: SafetyTermsType } | { kind: 'similar'; items: FeedItem[] } | null;

interface Photo {
  previewUrl: string;
  progress: number;
  url: string | null;
  uploading: boolean;
}

export { parsePrice } from '../lib/single-item-rules';

/** Post an Item / Post Curbside Find / garage sale, with the dialogs of spec §4 in order: verification, terms, duplicates. */
/** How long after a post the user is read again for its pending points (an event away). */
const PENDING_POINTS_REFRESH_MS = 1500;

export default function PostSheet({ onClose }: { onClose: () => void }) {
  const { user, refreshUser } = useSession();
  const scout = !!user?.scoutMode;
  const create = useCreateItem();
  const [garageSale, setGarageSale] = useState(false);
  const [location, setLocation] = useState<LocationState>({ status: 'locating' });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [pricingType, setPricingType] = useState<'free' | 'paid'>('free');
  const [price, setPrice] = useState('5');
  const [timeLimit, setTimeLimit] = useState(24);
  const [locationDescription, setLocationDescription] = useState('');
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [sale, setSale] = useState<GarageSaleValues>(emptyGarageSale);
  const [saleErrors, setSaleErrors] = useState<GarageSaleErrors>({});
  const [fieldErrors, setFieldErrors] = useState<ItemFormErrors>({});
  const [dialog, setDialog] = useState<FlowDialog>(null);
  const resolveDialog = useRef<((ok: boolean) => void) | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const locate = () => {
    setLocation({ status: 'locating' });
    currentPosition().then(
      (position) => setLocation({ status: 'found', position }),
      (error: Error) => setLocation({ status: 'error', message: error.message }),
    );
  };
  useEffect(locate, []);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.previewUrl) : undefined), [photo]);

  /** Shows one dialog of the flow and waits for its answer. */
  const ask = (next: NonNullable<FlowDialog>) =>
    new Promise<boolean>((resolve) => {
      resolveDialog.current = resolve;
      setDialog(next);
    });
  const answer = (ok: boolean) => {
    resolveDialog.current?.(ok);
    resolveDialog.current = null;
    setDialog(null);
  };

  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ title: 'File too large', description: ItemMessages.imageTooLarge, variant: 'destructive' });
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setPhoto({ previewUrl, progress: 0, url: null, uploading: true });
    uploadPhoto(file, (progress) => setPhoto((p) => (p && p.previewUrl === previewUrl ? { ...p, progress } : p))).then(
      (url) => setPhoto((p) => (p && p.previewUrl === previewUrl ? { ...p, url, uploading: false, progress: 100 } : p)),
      (error: unknown) => {
        setPhoto(null);
        toast({ title: 'Failed to upload file', description: errorMessage(error), variant: 'destructive' });
      },
    );
  };

  const busy = create.isPending;
  const position = location.status === 'found' ? location.position : null;
  const submitLabel = busy
    ? garageSale
      ? 'Creating Garage Sale...'
      : 'Posting...'
    : !position
      ? 'Location Required - Please Enable GPS'
      : garageSale
        ? 'Create Garage Sale'
        : scout
          ? 'Scout Find (+25 points)'
          : 'Post Item (+10 points)';

  const runFlow = async (paid: boolean): Promise<boolean> => {
    if ((paid || scout) && !user?.isVerified) {
      if (!(await ask({ kind: 'verify' }))) return false;
    }
    const termsType: SafetyTermsType = scout ? 'scout' : paid ? 'paid_pickup' : 'posting';
    if (!hasAcceptedTerms(termsType)) {
      if (!(await ask({ kind: 'terms', type: termsType }))) return false;
      rememberAcceptedTerms(termsType);
    }
    return true;
  };

  const submitItem = async () => {
    if (!user || !position) return;
    const paid = !scout && pricingType === 'paid';
    const hours = scout ? SCOUT_FIND_HOURS : timeLimit;
    const now = new Date();
    const payload = {
      title: title.trim(),
      description: description.trim(),
      category,
      imageUrl: photo?.url ?? null,
      scoutFind: scout,
      pricingType: paid ? ('paid' as const) : ('free' as const),
      customAmount: paid ? Math.round(parsePrice(price) * 100) : null,
      location: position,
      timeLimit: hours,
      posterId: user.id,
      locationDescription: locationDescription.trim() || null,
      expirationTime: new Date(now.getTime() + hours * 3_600_000).toISOString(),
      createdAt: now.toISOString(),
    };
    // The contract's own schema decides, with the words the server would answer with.
    const errors = singleItemErrors(payload);
    // A photo still uploading has no URL yet: that is not a missing photo.
    if (photo?.uploading) delete errors.photo;
    setFieldErrors(errors);
    if (errors.title) toast({ title: 'Title required', description: errors.title, variant: 'destructive' });
    else if (errors.photo) toast({ title: 'Photo required', description: `${errors.photo}.`, variant: 'destructive' });
    if (Object.keys(errors).length > 0) {
      const first = (['title', 'category', 'price'] as const).find((f) => errors[f]);
      if (first) document.getElementById(`post-${first}`)?.focus();
      return;
    }
    if (photo?.uploading) {
      toast({ title: 'Photo still uploading', description: 'Please wait for the upload to finish.' });
      return;
    }
    if (!(await runFlow(paid))) return;
    const similar = await getSimilarItems(title.trim(), position);
    if (similar.length > 0 && !(await ask({ kind: 'similar', items: similar }))) {
      onClose();
      return;
    }
    create.mutate(
      payload,
      {
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
        onError: (error) => toast({ title: 'Failed to post item', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const submitGarageSale = async () => {
    if (!user || !position) return;
    const errors = validateGarageSale(sale);
    setSaleErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (!(await runFlow(false))) return;
    create.mutate(
      { ...garageSalePayload(sale, position), posterId: user.id },
      {
        onSuccess: (posted) => {
          const wanted = wantedByText(posted.wantedBy);
          toast({ title: wanted?.title ?? 'Garage Sale Posted!', description: wanted?.description ?? 'Your garage sale has been posted successfully.', variant: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: 'Failed to post item', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void (garageSale ? submitGarageSale() : submitItem());
  };

  return (
    <>
      <Dialog open onClose={onClose} title={scout ? 'Post Curbside Find' : 'Post an Item'} variant="sheet" dismissible={!busy}>
        <form onSubmit={onSubmit} className="space-y-4 pb-2" noValidate>
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
            <>
              <GarageSaleFields idPrefix="sheet-sale" values={sale} errors={saleErrors} onChange={(field, value) => (setSale((s) => ({ ...s, [field]: value })), setSaleErrors((e) => ({ ...e, [field]: undefined })))} />
              <p className="text-xs text-slate-600">
                Need more room? Use the <Link to="/post-garage-sale" onClick={onClose} className="font-semibold text-emerald-800 underline">full garage sale form</Link>.
              </p>
            </>
          ) : (
            <>
              <div>
                <span className="mb-1 block text-sm font-medium text-slate-800">Photo {scout ? '(required)' : '(optional)'}</span>
                {photo ? (
                  <div className="relative overflow-hidden rounded-xl">
                    <img src={photo.previewUrl} alt="Selected item" className="aspect-[4/3] w-full object-cover" />
                    <button type="button" aria-label="Remove photo" onClick={() => setPhoto(null)} className="absolute right-2 top-2 grid size-9 place-items-center rounded-full bg-white/90 text-slate-800">
                      <X className="size-4" aria-hidden />
                    </button>
                    <div className="absolute inset-x-0 bottom-0 bg-slate-900/70 p-2 text-xs text-white">
                      {photo.uploading ? (
                        <>
                          <span>Uploading... {photo.progress}%</span>
                          <progress className="mt-1 block h-1.5 w-full accent-emerald-400" max={100} value={photo.progress} aria-label="Upload progress" />
                        </>
                      ) : (
                        <span className="inline-flex items-center gap-1">
                          <CheckCircle2 className="size-3.5" aria-hidden /> Photo uploaded
                        </span>
                      )}
                    </div>
                  </div>
                ) : (
                  <button
                    type="button"
                    onClick={() => fileRef.current?.click()}
                    className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 text-sm text-slate-600 hover:bg-slate-50"
                  >
                    <Camera className="size-8" aria-hidden />
                    Add a photo (max 5 MB)
                  </button>
                )}
                <input ref={fileRef} type="file" accept="image/*" className="sr-only" aria-label="Item photo" tabIndex={-1} onChange={onPhoto} data-testid="photo-input" />
              </div>

              <Field id="post-title" label="Title" error={fieldErrors.title}>
                <input
                  id="post-title"
                  className={inputClass}
                  maxLength={TITLE_MAX}
                  value={title}
                  aria-invalid={!!fieldErrors.title}
                  onChange={(e) => (setTitle(e.target.value), setFieldErrors((f) => ({ ...f, title: undefined })))}
                  placeholder="e.g. Wooden bookshelf"
                />
              </Field>
              <Field id="post-description" label="Description">
                <textarea id="post-description" rows={2} maxLength={DESCRIPTION_MAX} className={inputClass} value={description} onChange={(e) => setDescription(e.target.value)} />
              </Field>
              <Field id="post-category" label="Category" error={fieldErrors.category}>
                <select id="post-category" className={inputClass} value={category} aria-invalid={!!fieldErrors.category} onChange={(e) => (setCategory(e.target.value), setFieldErrors((f) => ({ ...f, category: undefined })))}>
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
                        <input type="radio" name="pricing" checked={pricingType === 'free'} onChange={() => setPricingType('free')} /> Free
                      </label>
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                        <input type="radio" name="pricing" checked={pricingType === 'paid'} onChange={() => setPricingType('paid')} /> Pay a reward for pickup
                      </label>
                    </div>
                  </fieldset>
                  {pricingType === 'paid' && (
                    <Field id="post-price" label="Reward ($)" error={fieldErrors.price} hint={`Between $${MIN_REWARD_DOLLARS} and $${MAX_REWARD_DOLLARS}. The sprinter who picks it up receives half.`}>
                      <input
                        id="post-price"
                        type="number"
                        min={MIN_REWARD_DOLLARS}
                        max={MAX_REWARD_DOLLARS}
                        step={0.01}
                        inputMode="decimal"
                        className={inputClass}
                        value={price}
                        aria-invalid={!!fieldErrors.price}
                        aria-describedby={fieldErrors.price ? 'post-price-error' : undefined}
                        onChange={(e) => (setPrice(e.target.value), setFieldErrors((f) => ({ ...f, price: undefined })))}
                        onBlur={() => setPrice(String(parsePrice(price)))}
                      />
                    </Field>
                  )}
                  <Field id="post-time" label={`Pickup window: ${timeLimit} h`}>
                    <input id="post-time" type="range" min={1} max={24} step={1} value={timeLimit} onChange={(e) => setTimeLimit(Number(e.target.value))} className="w-full accent-emerald-700" />
                  </Field>
                </>
              )}
              <Field id="post-where" label="Where exactly? (optional)">
                <input id="post-where" className={inputClass} maxLength={LOCATION_DESCRIPTION_MAX} value={locationDescription} onChange={(e) => setLocationDescription(e.target.value)} placeholder="e.g. Corner of 5th and Main, by the tree" />
              </Field>
            </>
          )}

          <div
            data-testid="location-status"
            className={cn(
              'flex items-center gap-2 rounded-xl p-2 text-sm',
              location.status === 'found' ? 'bg-emerald-50 text-emerald-900' : location.status === 'error' ? 'bg-red-50 text-red-900' : 'bg-slate-100 text-slate-700',
            )}
          >
            {location.status === 'locating' && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {location.status === 'found' && <MapPin className="size-4" aria-hidden />}
            {location.status === 'error' && <MapPinOff className="size-4" aria-hidden />}
            <span className="flex-1">
              {location.status === 'locating' && 'Getting your location...'}
              {location.status === 'found' && 'Location found: your post will appear near you.'}
              {location.status === 'error' && `Location Required: ${location.message}`}
            </span>
            {location.status === 'error' && (
              <Button variant="secondary" onClick={locate}>
                Try Again
              </Button>
            )}
          </div>

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
        </form>
      </Dialog>

      {dialog?.kind === 'verify' && <AccountVerificationSheet onClose={() => answer(false)} onVerified={() => answer(true)} />}
      {dialog?.kind === 'terms' && <SafetyTermsDialog type={dialog.type} onAccept={() => answer(true)} onCancel={() => answer(false)} />}
      {dialog?.kind === 'similar' && user && <SimilarItemsDialog items={dialog.items} userId={user.id} onPostAnyway={() => answer(true)} onDone={() => answer(false)} />}
    </>
  );
}
