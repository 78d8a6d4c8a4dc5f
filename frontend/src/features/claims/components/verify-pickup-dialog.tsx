import type { PhotoValidationResult } from '@curbside/contracts';
import { Camera, CheckCircle2, Loader2, Upload, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { useValidatePickup, VALIDATION_ERROR_RESULT } from '../api/validate-pickup';
import { captureVideoFrame, encodeFile, stripDataUrl } from '../lib/encode-photo';
import { pickedPhoto } from '../../../lib/upload-photo';

interface VerifyPickupDialogProps {
  itemId: string;
  itemTitle: string;
  onClose: () => void;
  /** Called with the validated photo (base64) when the user presses Claim Item. */
  onClaim: (photo: string) => void;
}

/**
 * Verify Item Pickup: a photo from the camera (getUserMedia) or a file, checked automatically; Claim Item is
 * enabled only when the check says the photo is valid.
 */
export function VerifyPickupDialog({ itemId, itemTitle, onClose, onClaim }: VerifyPickupDialogProps) {
  const [photo, setPhoto] = useState<string | null>(null);
  const [result, setResult] = useState<PhotoValidationResult | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const validate = useValidatePickup();

  const stopCamera = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setCameraOn(false);
  };
  useEffect(() => stopCamera, []);

  const check = (dataUrl: string) => {
    setPhoto(dataUrl);
    setResult(null);
    validate.mutate(
      { itemId, photo: stripDataUrl(dataUrl) },
      {
        onSuccess: setResult,
        onError: (error) => {
          setResult(VALIDATION_ERROR_RESULT);
          toast({ title: 'Validation failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
        },
      },
    );
  };

  const startCamera = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      streamRef.current = stream;
      setCameraOn(true);
      requestAnimationFrame(() => {
        if (videoRef.current) {
          videoRef.current.srcObject = stream;
          void videoRef.current.play().catch(() => undefined);
        }
      });
    } catch {
      toast({ title: 'Camera access denied', description: 'Please allow camera access to take a verification photo.', variant: 'destructive' });
    }
  };

  const capture = () => {
    if (!videoRef.current) return;
    const dataUrl = captureVideoFrame(videoRef.current);
    stopCamera();
    check(dataUrl);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = pickedPhoto(event);
    if (!file) return;
    try {
      check(await encodeFile(file));
    } catch (error) {
      toast({ title: 'Failed to upload file', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  const retake = () => {
    setPhoto(null);
    setResult(null);
  };

  const claim = () => {
    if (!photo) {
      toast({ title: 'Photo required - Please upload a verification photo', variant: 'destructive' });
      return;
    }
    onClaim(stripDataUrl(photo));
  };

  return (
    <Dialog open onClose={onClose} title="Verify Item Pickup" description={`Take a photo of "${itemTitle}" where you picked it up.`}>
      <div className="space-y-3">
        <div className="relative grid aspect-[4/3] place-items-center overflow-hidden rounded-xl bg-slate-900 text-slate-200">
          {photo ? (
            <img src={photo} alt="Your pickup shot" className="size-full object-cover" />
          ) : cameraOn ? (
            <video ref={videoRef} playsInline muted className="size-full object-cover" aria-label="Camera preview" />
          ) : (
            <Camera className="size-10" aria-hidden />
          )}
        </div>

        {!photo && (
          <div className="grid grid-cols-2 gap-2">
            {cameraOn ? (
              <Button onClick={capture} className="col-span-2">
                <Camera className="size-4" aria-hidden /> Capture Photo
              </Button>
            ) : (
              <>
                <Button onClick={() => void startCamera()}>
                  <Camera className="size-4" aria-hidden /> Take Photo
                </Button>
                <Button variant="secondary" onClick={() => fileRef.current?.click()}>
                  <Upload className="size-4" aria-hidden /> Upload Photo
                </Button>
              </>
            )}
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-label="Upload verification photo"
              tabIndex={-1}
              onChange={(e) => void onFile(e)}
            />
          </div>
        )}

        {validate.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your photo with AI...
          </p>
        )}

        {result && (
          <div
            role="status"
            data-testid="validation-result"
            className={cn(
              'rounded-xl border p-3 text-sm',
              result.isValid ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-red-300 bg-red-50 text-red-950',
            )}
          >
            <p className="flex items-center gap-2 font-semibold">
              {result.isValid ? <CheckCircle2 className="size-4" aria-hidden /> : <XCircle className="size-4" aria-hidden />}
              {result.isValid ? 'Photo verified' : 'Photo not accepted'}
            </p>
            <p>Confidence: {Math.round(result.confidence * 100)}%</p>
            <p>{result.reason}</p>
            {result.isValid && <p className="mt-1">Claim the item to complete your pickup — you've earned points for helping out!</p>}
          </div>
        )}

        <p className="text-xs text-slate-600">
          Community standards: no real people, nothing inappropriate, no alcohol, tobacco, drugs or medications (rejected automatically). Statues and art are
          fine.
        </p>

        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={retake} disabled={!photo || validate.isPending}>
            Retake Photo
          </Button>
          <Button onClick={claim} disabled={!result?.isValid || validate.isPending}>
            Claim Item
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
