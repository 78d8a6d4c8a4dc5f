import type { Ref } from 'react';
import { CODE_LENGTH, digitsOf, formatPhone } from '../../lib/phone-format';
import { Field, inputClass } from '../ui/field';

interface PhoneFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The form's field ref: a refused submit moves the focus here. */
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  /** Only where typing this is the one thing the screen is for. */
  focusOnOpen?: boolean;
  describedBy?: string;
}

/** A phone number typed freely and shown as (###) ###-####. */
export function PhoneNumberField({ id, value, onChange, onBlur, inputRef, invalid, focusOnOpen }: PhoneFieldProps) {
  return (
    <Field id={id} label="Phone number">
      <input
        id={id}
        ref={inputRef}
        className={inputClass}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        required
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => onChange(formatPhone(e.target.value))}
        onBlur={onBlur}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- set only by dialogs that exist to type this
        autoFocus={focusOnOpen}
      />
    </Field>
  );
}

/** The 6-digit code texted to a phone: digits only, offered by the phone's keyboard from the SMS. */
export function CodeField({ id, value, onChange, onBlur, inputRef, invalid, focusOnOpen, describedBy }: PhoneFieldProps) {
  return (
    <Field id={id} label="6-digit code">
      <input
        id={id}
        ref={inputRef}
        aria-describedby={describedBy}
        className={`${inputClass} text-center font-mono text-2xl tracking-[0.4em]`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        required
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => onChange(digitsOf(e.target.value).slice(0, CODE_LENGTH))}
        onBlur={onBlur}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- set only by dialogs that exist to type this
        autoFocus={focusOnOpen}
      />
    </Field>
  );
}
