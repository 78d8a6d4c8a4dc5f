import { DomainError, ErrorCode, findUnstorableText, unstorableTextMessage } from '@curbside/contracts';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from '../errors/error-response';

/**
 * Every route at once: a NUL character or a lone surrogate anywhere in a JSON body or the query string is a 400
 * naming the field, before any service sees it (PostgreSQL cannot store either, and would answer a 500 after
 * part of the work was done). Multipart uploads are bytes, not text, and are not looked at here.
 */
export function rejectUnstorableText(request: Request, response: Response, next: NextFunction): void {
  const found = findUnstorableText(request.query) ?? (request.is('application/json') ? findUnstorableText(request.body) : null);
  if (found) {
    sendError(response, new DomainError(ErrorCode.VALIDATION_FAILED, unstorableTextMessage(found)));
    return;
  }
  next();
}
