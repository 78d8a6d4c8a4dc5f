import { Camera, ImageUp, Loader2, UserRound, VideoOff } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { useUploadProfilePicture } from '../api/upload-profile-picture';
import { captureFrame, pictureProblem, uploadFailure } from '../lib/profile-picture';

type CameraState = 'off' | 'starting' | 'on' | 'denied';

/** The profile picture upload (spec §2, §4): a picked file or a camera still, checked, then uploaded. */
export function AvatarUploadDialog({ open, onClose, current }: { open: boolean; onClose: () => void; current: string | null }) {
  const upload = useUploadProfilePicture();
  const [camera, setCamera] = useState<CameraState>('off');
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const inputId = useId();

  const stopCamera = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  };
  useEffect(() => stopCamera, []);

  useEffect(() => {
    const video = videoRef.current;
    if (camera !== 'on' || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play().catch(() => undefined);
  }, [camera]);

  const close = () => {
    stopCamera();
    setCamera('off');
    onClose();
  };

  const send = (file: File) => {
    const problem = pictureProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        toast({ title: 'Profile picture updated', variant: 'success' });
        close();
      },
      onError: (error) => toast({ title: 'Upload failed', description: uploadFailure(error), variant: 'destructive' }),
    });
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) send(file);
  };

  const startCamera = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera('denied');
      toast({ title: 'Camera access denied', description: 'This browser offers no camera. Choose a photo instead.', variant: 'destructive' });
      return;
    }
    setCamera('starting');
    try {
      streamRef.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      setCamera('on');
      toast({ title: 'Camera access granted', description: 'Smile! Tap Capture when you are ready.', variant: 'success' });
    } catch {
      setCamera('denied');
      toast({ title: 'Camera access denied', description: 'Please allow camera access to take a profile picture.', variant: 'destructive' });
    }
  };

  const capture = async () => {
    const video = videoRef.current;
    if (!video) return;
    try {
      const file = await captureFrame(video);
      stopCamera();
      setCamera('off');
      send(file);
    } catch (error) {
      toast({ title: 'Upload failed', description: uploadFailure(error), variant: 'destructive' });
    }
  };

  const busy = upload.isPending;
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Update Profile Picture"
      description="Choose a photo or take one with your camera. Images up to 2MB."
      dismissible={!busy}
    >
      <div className="space-y-4">
        <div className="relative mx-auto grid size-40 place-items-center overflow-hidden rounded-full bg-slate-100 text-slate-500">
          {camera === 'on' ? (
            <video ref={videoRef} playsInline muted aria-label="Camera preview" className="size-full -scale-x-100 object-cover" />
          ) : current ? (
            <img src={current} alt="You, as others see you now" className="size-full object-cover" />
          ) : (
            <UserRound className="size-16" aria-hidden />
          )}
          {busy && (
            <div className="absolute inset-0 grid place-items-center bg-white/70" role="status">
              <Loader2 className="size-8 animate-spin text-emerald-800" aria-hidden />
              <span className="sr-only">Uploading...</span>
            </div>
          )}
        </div>

        {camera === 'denied' && (
          <div role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
            <VideoOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              <strong className="block">Permission required</strong>
              Allow camera access for this site in your browser settings, or choose a photo instead.
            </p>
          </div>
        )}

        {camera === 'on' ? (
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                stopCamera();
                setCamera('off');
              }}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button onClick={() => void capture()} disabled={busy}>
              <Camera className="size-4" aria-hidden /> Capture
            </Button>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <div className="relative">
              <input
                id={inputId}
                type="file"
                accept="image/*"
                data-testid="avatar-input"
                disabled={busy}
                onChange={pick}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
              />
              <label
                htmlFor={inputId}
                className={cn(
                  'pointer-events-none flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 peer-hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-700',
                  busy && 'text-slate-400',
                )}
              >
                <ImageUp className="size-4" aria-hidden /> Choose Photo
              </label>
            </div>
            <Button onClick={() => void startCamera()} disabled={busy || camera === 'starting'}>
              {camera === 'starting' ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Camera className="size-4" aria-hidden />} Take Photo
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
