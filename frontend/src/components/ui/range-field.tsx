import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field';

type RangeFieldProps = { id: string; label: ReactNode; min: number | string; max: number | string; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'min' | 'max' | 'step'
>;

/** A labelled slider in whole steps (a reward in dollars, a pickup window in hours); takes a form's register() like any input. */
export function RangeField({ id, label, ref, ...input }: RangeFieldProps) {
  return (
    <Field id={id} label={label}>
      <input id={id} ref={ref} type="range" step={1} className="w-full accent-emerald-700" {...input} />
    </Field>
  );
}
