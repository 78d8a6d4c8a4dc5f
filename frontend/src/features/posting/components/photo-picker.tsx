import { Camera, CheckCircle2, X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { pickedPhoto, uploadPhoto } from '../../../lib/upload-photo';

interface Photo {
  previewUrl: string;
  progress: number;
  uploading: boolean;
}

/**
 * The post's photo: picked, shown at once, uploaded with its progress. The form hears of it as the uploaded URL
 * (null while none, or while it uploads) and whether an upload is under way.
 */
export function PhotoPicker({
  required,
  focusOnMount = false,
  onChange,
}: {
  required: boolean;
  /** Takes the focus (and so comes into view) when it appears: when it was emptied for the member to add a photo again. */
  focusOnMount?: boolean;
  onChange: (url: string | null, uploading: boolean) => void;
}) {
  const [photo, setPhoto] = useState<Photo | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) addRef.current?.focus();
  }, [focusOnMount]);
  // The photo an upload's answer belongs to: one removed or replaced meanwhile is not reported.
  const current = useRef<string | null>(null);
  const previewUrl = photo?.previewUrl;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const remove = () => {
    current.current = null;
    setPhoto(null);
    onChange(null, false);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = pickedPhoto(event);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const isCurrent = () => current.current === url;
    current.current = url;
    setPhoto({ previewUrl: url, progress: 0, uploading: true });
    onChange(null, true);
    uploadPhoto(file, (progress) => isCurrent() && setPhoto({ previewUrl: url, progress, uploading: true })).then(
      (uploaded) => {
        if (!isCurrent()) return;
        setPhoto({ previewUrl: url, progress: 100, uploading: false });
        onChange(uploaded, false);
      },
      (error: unknown) => {
        if (isCurrent()) {
          current.current = null;
          setPhoto(null);
          onChange(null, false);
        }
        toast({ title: 'Failed to upload file', description: errorMessage(error), variant: 'destructive' });
      },
    );
  };

  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-slate-800">Photo {required ? '(required)' : '(optional)'}</span>
      {photo ? (
        <div className="relative overflow-hidden rounded-xl">
          <img src={photo.previewUrl} alt="Selected item" className="aspect-[4/3] w-full object-cover" />
          <button
            type="button"
            aria-label="Remove photo"
            onClick={remove}
            className="absolute right-2 top-2 grid size-9 place-items-center rounded-full bg-white/90 text-slate-800"
          >
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
          ref={addRef}
          type="button"
          onClick={() => fileRef.current?.click()}
          className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 text-sm text-slate-600 hover:bg-slate-50"
        >
          <Camera className="size-8" aria-hidden />
          Add a photo (max 5 MB)
        </button>
      )}
      <input ref={fileRef} type="file" accept="image/*" className="sr-only" aria-label="Item photo" tabIndex={-1} onChange={pick} data-testid="photo-input" />
    </div>
  );
}
