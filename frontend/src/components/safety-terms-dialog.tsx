import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { canAccept, CHECKBOX_TEXT, checkboxesFor, type SafetyCheckbox, type SafetyTermsType } from '../lib/safety-terms';

const TITLES: Record<SafetyTermsType, string> = {
  posting: 'Posting Safety Terms',
  claiming: 'Pickup Safety Terms',
  scout: 'Scout Safety Guidelines',
  paid_pickup: 'Paid Pickup Terms',
};

/** Safety Terms: types posting, claiming, scout, paid_pickup. */
export function SafetyTermsDialog({ type, onAccept, onCancel }: { type: SafetyTermsType; onAccept: () => void; onCancel: () => void }) {
  const [checked, setChecked] = useState<Set<SafetyCheckbox>>(new Set());
  const [error, setError] = useState<string>();
  const toggle = (box: SafetyCheckbox) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(box)) next.delete(box);
      else next.add(box);
      return next;
    });

  const accept = () => {
    if (!canAccept(type, checked)) {
      setError('Please acknowledge all safety terms before proceeding.');
      return;
    }
    onAccept();
  };

  return (
    <Dialog open onClose={onCancel} title={TITLES[type]} description="Please read and acknowledge before you continue.">
      <div className="space-y-3">
        <ShieldCheck className="mx-auto size-10 text-emerald-700" aria-hidden />
        <fieldset className="space-y-2">
          <legend className="sr-only">Safety terms</legend>
          {checkboxesFor(type).map((box) => (
            <label key={box} className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4 accent-emerald-700"
                checked={checked.has(box)}
                onChange={() => (toggle(box), setError(undefined))}
              />
              {CHECKBOX_TEXT[box]}
            </label>
          ))}
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={accept}>Accept & Continue</Button>
        </div>
      </div>
    </Dialog>
  );
}
