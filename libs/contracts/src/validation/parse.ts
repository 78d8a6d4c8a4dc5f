import { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-codes';

/** A message a person can act on: the first problem, with its field when the message is a generic one. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return issue.message;
  // Our own messages name what is wrong; zod's generic ones ("Invalid input: …") need the field in front.
  const generic = /^(Invalid|Too (big|small)|Expected)/.test(issue.message);
  return field && generic ? `${field}: ${issue.message}` : issue.message;
}

/** Parses or throws a VALIDATION_FAILED DomainError (400 at the gateway). */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new DomainError(ErrorCode.VALIDATION_FAILED, describeIssues(result.error));
  return result.data;
}
