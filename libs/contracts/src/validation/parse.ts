import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-codes';

/** A message a person can act on: the first problem, prefixed by its field when the text does not name it. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return issue.message;
  if (!field || issue.message.toLowerCase().includes(String(issue.path.at(-1)).toLowerCase())) return issue.message;
  return `${field}: ${issue.message}`;
}

/** Parses or throws a VALIDATION_FAILED DomainError (400 at the gateway). */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError(ErrorCode.VALIDATION_FAILED, describeIssues(result.error));
  return result.data;
}
