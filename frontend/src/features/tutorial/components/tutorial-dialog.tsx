import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { TUTORIAL_STEPS } from '../lib/tutorial-steps';

/**
 * The app tour: 11 steps with Back and Next, "Start Exploring!" on the last. Escape or a click on the overlay
 * closes it; closing on the last step marks the tour completed, closing earlier marks it dismissed.
 */
export function TutorialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <Tour onClose={onClose} />;
}

function Tour({ onClose }: { onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const step = TUTORIAL_STEPS[index] as (typeof TUTORIAL_STEPS)[number];
  const last = index === TUTORIAL_STEPS.length - 1;
  const Icon = step.icon;

  const close = () => {
    if (last) storage.set(STORAGE_KEYS.tutorialCompleted, 'true');
    else storage.set(STORAGE_KEYS.tutorialDismissed, 'true');
    onClose();
  };

  return (
    <Dialog open onClose={close} title={step.title} description={`Step ${index + 1} of ${TUTORIAL_STEPS.length}`}>
      <div className="space-y-4 pb-1" data-testid="tutorial">
        <div className="grid place-items-center py-2">
          <span className="grid size-16 place-items-center rounded-full bg-emerald-50 text-emerald-800">
            <Icon className="size-8" aria-hidden />
          </span>
        </div>
        <p className="text-center text-base text-slate-700" aria-live="polite">
          {step.body}
        </p>
        <ol className="flex justify-center gap-1.5" aria-hidden>
          {TUTORIAL_STEPS.map((s, i) => (
            <li key={s.title} className={cn('size-2 rounded-full', i === index ? 'bg-emerald-700' : 'bg-slate-300')} />
          ))}
        </ol>
        <div className="flex gap-2">
          {index > 0 && (
            <Button variant="secondary" className="flex-1" onClick={() => setIndex((i) => i - 1)}>
              Back
            </Button>
          )}
          {last ? (
            <Button className="flex-1" onClick={close}>
              Start Exploring!
            </Button>
          ) : (
            <Button className="flex-1" onClick={() => setIndex((i) => i + 1)}>
              Next
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
