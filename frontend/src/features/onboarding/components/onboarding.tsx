import type { User } from '@curbside/contracts';
import { ArrowLeft, ArrowRight, BadgeCheck, Hand, Loader2, MapPin, Phone, Recycle, ShieldCheck, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { ToastSlot } from '../../../components/ui/toaster';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useLocation } from '../../../lib/location/location-provider';
import { useSession } from '../../../lib/session/session-provider';
import { locationToast, requestLocation } from '../lib/location-request';

const TermsDialog = lazy(() => import('../../../components/terms-dialog').then((m) => ({ default: m.TermsDialog })));
// The last step's form (react-hook-form and the contracts' schemas) is its own chunk, fetched from the safety step on.
const loadVerifyStep = () => import('./verify-step');
const VerifyStep = lazy(loadVerifyStep);

export const ONBOARDING_STEPS = ['Welcome', 'How It Works', 'Safety & Terms', 'Location Access', 'Verify & Personalize'] as const;
const LAST_STEP = ONBOARDING_STEPS.length - 1;

/**
 * First visit (accounts spec §2, §4): five steps, then the account is made. Step 3 needs the safety
 * acknowledgement; step 4 asks for the location and moves on either way; step 5 takes the full name and phone,
 * makes the account and verifies the phone with a texted code.
 */
/** The phone sign-in dialog, as the app composes it (features/auth): onboarding only opens it. */
export type PhoneLoginComponent = ComponentType<{ open: boolean; onClose: () => void; onSignedIn: (user: User) => void }>;

export default function Onboarding({ PhoneLoginDialog }: { PhoneLoginDialog: PhoneLoginComponent }) {
  const { switchUser } = useSession();
  const location = useLocation();
  const [step, setStep] = useState(0);
  const [acknowledged, setAcknowledged] = useState(false);
  const [allowLocation, setAllowLocation] = useState(false);
  const [locating, setLocating] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step is a new page for assistive technology: its heading takes the focus.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step >= 2) void loadVerifyStep().catch(() => undefined);
  }, [step]);

  const next = () => {
    if (step === 2 && !acknowledged) {
      toast({ title: 'Safety terms required', description: 'Please accept the safety guidelines to continue.', variant: 'destructive' });
      return;
    }
    setStep((s) => Math.min(s + 1, LAST_STEP));
  };

  const askLocation = async () => {
    setLocating(true);
    const answer = await requestLocation('geolocation' in navigator ? navigator.geolocation : undefined);
    setLocating(false);
    setAllowLocation(answer.granted);
    toast(locationToast(answer));
    setStep(4);
  };

  const finish = (user: User) => {
    storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
    storage.remove(STORAGE_KEYS.tutorialDismissed);
    storage.remove(STORAGE_KEYS.tutorialCompleted);
    if (allowLocation) storage.set(STORAGE_KEYS.locationPermitted, 'true');
    window.history.replaceState(null, '', '/');
    switchUser(user);
    if (allowLocation) location.request();
  };

  // In onboarding a phone sign-in stores the account, marks onboarding complete and reloads.
  const signedIn = (user: User) => {
    storage.set(STORAGE_KEYS.userId, user.id);
    storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
    window.location.replace('/');
  };

  return (
    <div className="min-h-dvh bg-emerald-50 text-slate-900">
      <div className="mx-auto flex min-h-dvh max-w-lg flex-col px-4 pb-6 pt-4">
        <header className="mb-4 space-y-2">
          <p className="flex items-center gap-1.5 text-lg font-extrabold tracking-tight text-emerald-800">
            <Recycle className="size-6" aria-hidden /> Curbside
          </p>
          <div className="flex items-center justify-between text-sm text-slate-700">
            <span>
              Step {step + 1} of {ONBOARDING_STEPS.length}
            </span>
            <span>{ONBOARDING_STEPS[step]}</span>
          </div>
          <div
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={1}
            aria-valuemax={ONBOARDING_STEPS.length}
            aria-valuenow={step + 1}
            aria-valuetext={`Step ${step + 1} of ${ONBOARDING_STEPS.length}`}
            className="h-2 overflow-hidden rounded-full bg-emerald-100"
          >
            <div className="h-full rounded-full bg-emerald-700 transition-[width]" style={{ width: `${((step + 1) / ONBOARDING_STEPS.length) * 100}%` }} />
          </div>
          {/* Toasts show here, in the flow: at the bottom of a phone's screen they covered Next and Get Started. */}
          <ToastSlot kind="page" />
        </header>

        <main className="flex flex-1 flex-col rounded-2xl bg-white p-5 shadow-sm">
          {step === 0 && (
            <StepBody headingRef={headingRef} title="Welcome to Curbside!" icon={<Recycle className="size-10" aria-hidden />}>
              <p>Give away what you no longer need, find free treasures on the curb, and visit garage sales around the corner.</p>
              <p>Every post and pickup earns points, badges and a place on the neighbourhood leaderboard.</p>
              <Button variant="secondary" className="mt-2 w-full" onClick={() => setLoginOpen(true)}>
                <Phone className="size-4" aria-hidden /> Login with Phone Number
              </Button>
              <p className="text-center text-sm text-slate-600">Already have an account? Sign in with the phone number you used.</p>
            </StepBody>
          )}

          {step === 1 && (
            <StepBody headingRef={headingRef} title="How It Works" icon={<Hand className="size-10" aria-hidden />}>
              <ol className="space-y-3">
                <NumberedStep n={1} title="Post what you don't need">
                  Snap a photo, add a title and a category. Your post shows to neighbours nearby (+10 points).
                </NumberedStep>
                <NumberedStep n={2} title="Claim what you like">
                  Call First Dibs to hold an item for 30 minutes while you head over.
                </NumberedStep>
                <NumberedStep n={3} title="Pick it up and earn">
                  Confirm the pickup with a photo to earn points, climb the ranks and unlock badges (+5 points).
                </NumberedStep>
              </ol>
              <div className="flex gap-3 rounded-xl bg-amber-50 p-3 text-amber-950">
                <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden />
                <p>
                  <strong>Scout Mode:</strong> verified neighbours can become Curb Scouts and post quick free finds they spot on the curb, with a photo, for 24
                  hours (+25 points).
                </p>
              </div>
            </StepBody>
          )}

          {step === 2 && (
            <StepBody headingRef={headingRef} title="Safety & Terms" icon={<ShieldCheck className="size-10" aria-hidden />}>
              <section aria-labelledby="onboarding-safety" className="space-y-1">
                <h2 id="onboarding-safety" className="font-semibold">
                  Stay safe
                </h2>
                <ul className="list-disc space-y-1 pl-5">
                  <li>Meet in public, well-lit places, and pick up in daylight when you can.</li>
                  <li>Tell a friend where you are going; bring someone along for large items.</li>
                  <li>Never share financial details or send money before a pickup.</li>
                  <li>Check items before you take them; lift heavy things safely.</li>
                </ul>
              </section>
              <section aria-labelledby="onboarding-guidelines" className="space-y-1">
                <h2 id="onboarding-guidelines" className="font-semibold">
                  Community guidelines
                </h2>
                <ul className="list-disc space-y-1 pl-5">
                  <li>Post only items you may give away, with honest photos and descriptions.</li>
                  <li>No weapons, drugs, recalled or hazardous items.</li>
                  <li>Be respectful; remove your post once the item is gone.</li>
                </ul>
              </section>
              <TermsLink />
              <label className="flex items-start gap-3 rounded-xl border border-slate-300 p-3">
                <input
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-emerald-700"
                  checked={acknowledged}
                  onChange={(e) => setAcknowledged(e.target.checked)}
                />
                <span>I have read the safety guidelines and agree to the Terms of Use &amp; Safety Disclaimer.</span>
              </label>
            </StepBody>
          )}

          {step === 3 && (
            <StepBody headingRef={headingRef} title="Location Access" icon={<MapPin className="size-10" aria-hidden />}>
              <p>Curbside shows items and garage sales near you and tells you how far away each one is.</p>
              <p>Your exact position is never shown to other neighbours.</p>
              <Button className="mt-2 w-full" onClick={() => void askLocation()} disabled={locating}>
                {locating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <MapPin className="size-4" aria-hidden />}
                {locating ? 'Finding You...' : 'Allow Location'}
              </Button>
              <Button variant="ghost" className="w-full" onClick={() => (setAllowLocation(false), setStep(4))} disabled={locating}>
                Skip location access
              </Button>
            </StepBody>
          )}

          {step === 4 && (
            <StepBody headingRef={headingRef} title="Verify & Personalize" icon={<BadgeCheck className="size-10" aria-hidden />}>
              <Suspense
                fallback={
                  <p role="status" className="flex items-center justify-center gap-2 py-6 text-slate-700">
                    <Loader2 className="size-5 animate-spin" aria-hidden /> Loading...
                  </p>
                }
              >
                <VerifyStep allowLocation={allowLocation} onBack={() => setStep(3)} onDone={finish} />
              </Suspense>
            </StepBody>
          )}

          {step < 4 && (
            <nav aria-label="Onboarding steps" className="mt-auto flex gap-2 pt-6">
              {step > 0 && (
                <Button variant="secondary" className="flex-1" onClick={() => setStep((s) => s - 1)}>
                  <ArrowLeft className="size-4" aria-hidden /> Back
                </Button>
              )}
              {step !== 3 && (
                <Button className="flex-1" onClick={next}>
                  Next <ArrowRight className="size-4" aria-hidden />
                </Button>
              )}
            </nav>
          )}
        </main>
      </div>
      {loginOpen && (
        <Suspense fallback={null}>
          <PhoneLoginDialog open onClose={() => setLoginOpen(false)} onSignedIn={signedIn} />
        </Suspense>
      )}
    </div>
  );
}

function StepBody({
  title,
  icon,
  headingRef,
  children,
}: {
  title: string;
  icon: ReactNode;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section className="space-y-3 text-base text-slate-800">
      <div className="grid place-items-center py-2 text-emerald-800">
        <span className="grid size-20 place-items-center rounded-full bg-emerald-50">{icon}</span>
      </div>
      <h1 ref={headingRef} tabIndex={-1} className="text-center text-2xl font-bold text-slate-900 focus:outline-none">
        {title}
      </h1>
      {children}
    </section>
  );
}

function NumberedStep({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-700 font-bold text-white" aria-hidden>
        {n}
      </span>
      <div>
        <p className="font-semibold">
          <span className="sr-only">{n}. </span>
          {title}
        </p>
        <p className="text-slate-700">{children}</p>
      </div>
    </li>
  );
}

/** The full Terms of Use & Safety Disclaimer, opened from the safety step. */
function TermsLink() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900" onClick={() => setOpen(true)}>
        Read the full Terms of Use &amp; Safety Disclaimer
      </button>
      {open && (
        <Suspense fallback={null}>
          <TermsDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
