import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The first message of a refused form, in the order the form shows its fields (a schema reports in its own order). */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: ReadonlyArray<keyof T & string>): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
