import { DomainError, ErrorCode, findUnstorableText, unstorableTextMessage } from '@curbside/contracts';
import type { preValidationHookHandler } from 'fastify';
import { sendError } from '../errors/error-response';

/**
 * Every route at once: a NUL character or a lone surrogate anywhere in a JSON body or the query string is a 400
 * naming the field, before any service sees it (PostgreSQL cannot store either, and would answer a 500 after
 * part of the work was done). Multipart uploads are bytes, not text, and are not read as a body (body-parsers.ts).
 */
export const rejectUnstorableText: preValidationHookHandler = (request, reply, done) => {
  const found = findUnstorableText(request.query) ?? (request.body === undefined ? null : findUnstorableText(request.body));
  if (found) return sendError(reply, new DomainError(ErrorCode.VALIDATION_FAILED, unstorableTextMessage(found)));
  done();
};
