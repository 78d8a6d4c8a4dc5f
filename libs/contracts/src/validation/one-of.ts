import { z } from 'zod';

/**
 * An enum field whose refusal says what is wrong: a missing (or empty) value gets `required`, where the specs
 * word it, and any other value gets the allowed ones ("Category must be one of: Furniture, …"), so a client
 * that sends "furniture" learns the spelling instead of being told to send a field it did send.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, label: string, required = `${label} is required`) {
  const allowed = `${label} must be one of: ${values.join(', ')}`;
  return z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : allowed) });
}
