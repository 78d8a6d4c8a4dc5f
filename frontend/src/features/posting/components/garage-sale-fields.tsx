import type { ReactNode } from 'react';
import { Field, inputClass } from '../../../components/ui/field';
import { GARAGE_SALE_CATEGORIES, GARAGE_SALE_DURATIONS, type GarageSaleErrors, type GarageSaleValues } from '../lib/garage-sale-rules';

interface GarageSaleFieldsProps {
  values: GarageSaleValues;
  errors: GarageSaleErrors;
  onChange: (field: keyof GarageSaleValues, value: string) => void;
  idPrefix: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Basic Information, Location and Schedule of a garage sale, with each field's message under it. */
export function GarageSaleFields({ values, errors, onChange, idPrefix }: GarageSaleFieldsProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const input = (name: keyof GarageSaleValues, props: { type?: string; placeholder?: string; autoComplete?: string; maxLength?: number } = {}) => (
    <input
      id={id(name)}
      name={name}
      className={inputClass}
      value={values[name]}
      aria-invalid={!!errors[name]}
      aria-describedby={errors[name] ? `${id(name)}-error` : undefined}
      onChange={(e) => onChange(name, e.target.value)}
      {...props}
    />
  );

  return (
    <div className="space-y-4">
      <Section title="Basic Information">
        <Field id={id('title')} label="Title" error={errors.title}>
          {input('title', { placeholder: 'Moving sale: furniture, books, toys' })}
        </Field>
        <Field id={id('description')} label="Description" error={errors.description}>
          <textarea
            id={id('description')}
            name="description"
            rows={3}
            className={inputClass}
            value={values.description}
            aria-invalid={!!errors.description}
            onChange={(e) => onChange('description', e.target.value)}
            placeholder="What will be for sale?"
          />
        </Field>
        <Field id={id('category')} label="Primary category" error={errors.category}>
          <select id={id('category')} name="category" className={inputClass} value={values.category} aria-invalid={!!errors.category} onChange={(e) => onChange('category', e.target.value)}>
            <option value="">Choose a category</option>
            {GARAGE_SALE_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
      </Section>

      <Section title="Location">
        <Field id={id('locationDescription')} label="Neighbourhood / area" error={errors.locationDescription}>
          {input('locationDescription', { placeholder: 'e.g. Upper West Side' })}
        </Field>
        <Field id={id('address')} label="Full address" error={errors.address}>
          {input('address', { placeholder: '123 Main St', autoComplete: 'street-address' })}
        </Field>
        <Field id={id('contactInfo')} label="Contact information" error={errors.contactInfo}>
          {input('contactInfo', { placeholder: 'Phone or e-mail' })}
        </Field>
      </Section>

      <Section title="Schedule">
        <div className="grid grid-cols-2 gap-3">
          <Field id={id('startDate')} label="Start date" error={errors.startDate}>
            {input('startDate', { type: 'date' })}
          </Field>
          <Field id={id('startTime')} label="Start time" error={errors.startTime}>
            {input('startTime', { type: 'time' })}
          </Field>
          <Field id={id('endDate')} label="End date" error={errors.endDate}>
            {input('endDate', { type: 'date' })}
          </Field>
          <Field id={id('endTime')} label="End time" error={errors.endTime}>
            {input('endTime', { type: 'time' })}
          </Field>
        </div>
        <Field id={id('timeLimit')} label="Listing duration (hours)" error={errors.timeLimit} hint="24 to 168 hours (7 days)">
          <input
            id={id('timeLimit')}
            name="timeLimit"
            type="number"
            inputMode="numeric"
            step={24}
            list={id('durations')}
            className={inputClass}
            value={values.timeLimit}
            aria-invalid={!!errors.timeLimit}
            onChange={(e) => onChange('timeLimit', e.target.value)}
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
