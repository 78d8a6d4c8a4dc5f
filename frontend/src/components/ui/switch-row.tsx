import { useId } from 'react';
import { cn } from '../../lib/cn';

interface SwitchRowProps {
  label: string;
  /** The switch's accessible name when the visible label alone repeats across a list ("Auto-claim" on every search). */
  name?: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled on/off switch: a real checkbox with the switch role, its label and hint tied to it. */
export function SwitchRow({ label, name, hint, checked, disabled, onChange }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <label htmlFor={id} className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        {hint && (
          <span id={`${id}-hint`} className="block text-xs text-slate-600">
            {hint}
          </span>
        )}
      </label>
      <span className="relative inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-label={name}
          aria-describedby={hint ? `${id}-hint` : undefined}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden
          className={cn(
            'flex h-7 w-12 items-center rounded-full p-0.5 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-700',
            // One background only: two clashing classes (`cn` does not merge) draw whichever the stylesheet puts last.
            disabled ? 'bg-slate-200' : checked ? 'bg-emerald-700' : 'bg-slate-500',
          )}
        >
          <span className={cn('size-6 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5', disabled && 'border border-slate-300')} />
        </span>
      </span>
    </div>
  );
}
