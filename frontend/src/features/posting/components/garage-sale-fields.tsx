import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, inputClass } from '../../../components/ui/field';
import { GARAGE_SALE_CATEGORIES, GARAGE_SALE_DURATIONS, type GarageSaleValues } from '../lib/garage-sale-rules';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The schedule's four fields are checked together (the end after the start): a change to one re-checks the others. */
const SCHEDULE = ['startDate', 'startTime', 'endDate', 'endTime'] as const;

/**
 * Basic Information, Location and Schedule of a garage sale, with each field's message under it: the fields of the
 * react-hook-form form around them (FormProvider), in the order its refused submit moves the focus through.
 */
export function GarageSaleFields({ idPrefix }: { idPrefix: string }) {
  const { register, formState } = useFormContext<GarageSaleValues>();
  const errors = formState.errors;
  const id = (name: string) => `${idPrefix}-${name}`;
  const aria = (name: keyof GarageSaleValues) => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  });
  const input = (name: keyof GarageSaleValues, props: { type?: string; placeholder?: string; autoComplete?: string } = {}) => (
    <input
      id={id(name)}
      className={inputClass}
      {...aria(name)}
      {...props}
      {...register(name, SCHEDULE.some((f) => f === name) ? { deps: SCHEDULE.filter((f) => f !== name) } : {})}
    />
  );

  return (
    <div className="space-y-4">
      <Section title="Basic Information">
        <Field id={id('title')} label="Title" error={errors.title?.message}>
          {input('title', { placeholder: 'Moving sale: furniture, books, toys' })}
        </Field>
        <Field id={id('description')} label="Description" error={errors.description?.message}>
          <textarea
            id={id('description')}
            rows={3}
            className={inputClass}
            {...aria('description')}
            placeholder="What will be for sale?"
            {...register('description')}
          />
        </Field>
        <Field id={id('category')} label="Primary category" error={errors.category?.message}>
          <select id={id('category')} className={inputClass} {...aria('category')} {...register('category')}>
            <option value="">Choose a category</option>
            {GARAGE_SALE_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
      </Section>

      <Section title="Location">
        <Field id={id('locationDescription')} label="Neighbourhood / area" error={errors.locationDescription?.message}>
          {input('locationDescription', { placeholder: 'e.g. Upper West Side' })}
        </Field>
        <Field id={id('address')} label="Full address" error={errors.address?.message}>
          {input('address', { placeholder: '123 Main St', autoComplete: 'street-address' })}
        </Field>
        <Field id={id('contactInfo')} label="Contact information" error={errors.contactInfo?.message}>
          {input('contactInfo', { placeholder: 'Phone or e-mail' })}
        </Field>
      </Section>

      <Section title="Schedule">
        <div className="grid grid-cols-2 gap-3">
          <Field id={id('startDate')} label="Start date" error={errors.startDate?.message}>
            {input('startDate', { type: 'date' })}
          </Field>
          <Field id={id('startTime')} label="Start time" error={errors.startTime?.message}>
            {input('startTime', { type: 'time' })}
          </Field>
          <Field id={id('endDate')} label="End date" error={errors.endDate?.message}>
            {input('endDate', { type: 'date' })}
          </Field>
          <Field id={id('endTime')} label="End time" error={errors.endTime?.message}>
            {input('endTime', { type: 'time' })}
          </Field>
        </div>
        <Field id={id('timeLimit')} label="Listing duration (hours)" error={errors.timeLimit?.message} hint="24 to 168 hours (7 days)">
          <input
            id={id('timeLimit')}
            type="number"
            inputMode="numeric"
            step={24}
            list={id('durations')}
            className={inputClass}
            {...aria('timeLimit')}
            {...register('timeLimit')}
          />
        </Field>
        <datalist id={id('durations')}>
          {GARAGE_SALE_DURATIONS.map((h) => (
            <option key={h} value={h} />
          ))}
        </datalist>
      </Section>
    </div>
  );
}
