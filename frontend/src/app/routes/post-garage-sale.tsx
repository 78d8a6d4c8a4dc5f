import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api-client';
import { currentPosition } from '../../features/location/current-position';
import { useCreateItem } from '../../features/posting/api/create-item';
import { GarageSaleFields } from '../../features/posting/components/garage-sale-fields';
import { emptyGarageSale, parseDuration, toIso, validateGarageSale, type GarageSaleErrors, type GarageSaleValues } from '../../features/posting/lib/garage-sale-rules';
import { useSession } from '../../features/users/session-provider';

export default function PostGarageSaleRoute() {
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateItem();
  const [values, setValues] = useState<GarageSaleValues>(emptyGarageSale);
  const [errors, setErrors] = useState<GarageSaleErrors>({});
  const [locating, setLocating] = useState(false);
  const pending = locating || create.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateGarageSale(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`sale-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setLocating(true);
    try {
      // Posting needs the device position; without it the post fails.
      const position = await currentPosition();
      await create.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim(),
        category: values.category,
        latitude: String(position.lat),
        longitude: String(position.lng),
        locationDescription: values.locationDescription.trim(),
        pricingType: 'free',
        timeLimit: parseDuration(values.timeLimit),
        isGarageSale: true,
        garageSaleStartTime: toIso(values.startDate, values.startTime),
        garageSaleEndTime: toIso(values.endDate, values.endTime),
        garageSaleAddress: values.address.trim(),
        garageSaleContactInfo: values.contactInfo.trim(),
        ...(user ? { posterId: user.id } : {}),
      });
      toast({ title: 'Garage Sale Posted!', description: 'Your garage sale has been posted successfully.', variant: 'success' });
      navigate('/');
    } catch (error) {
      const message = errorMessage(error);
      toast(message ? { title: 'Error', description: message, variant: 'destructive' } : { title: 'Failed to post garage sale', variant: 'destructive' });
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <Link to="/" aria-label="Back to the feed" className="grid size-11 place-items-center rounded-full hover:bg-slate-200">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-bold">Post Garage Sale</h1>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <GarageSaleFields
          idPrefix="sale"
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((v) => ({ ...v, [field]: value }));
            setErrors((e) => ({ ...e, [field]: undefined }));
          }}
        />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? 'Posting Garage Sale...' : 'Post Garage Sale'}
        </Button>
      </form>
    </div>
  );
}
