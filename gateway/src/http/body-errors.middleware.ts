import { commonCodeForStatus, DomainError, ErrorCode } from '@curbside/contracts';
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { sendError } from '../errors/error-response';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

const MB = 1024 * 1024;

/** body-parser's failures as clear JSON messages: malformed JSON → 400, too large → 413 with the route's words. */
export function bodyErrors(tooLargeMessage?: string): ErrorRequestHandler {
  return (err: BodyParserError, _request: Request, response: Response, next: NextFunction) => {
    if (err.type === 'entity.parse.failed') {
      sendError(response, new DomainError(ErrorCode.VALIDATION_FAILED, 'The request body is not valid JSON'));
    } else if (err.type === 'entity.too.large') {
      sendError(
        response,
        new DomainError(
          ErrorCode.PAYLOAD_TOO_LARGE,
          tooLargeMessage ?? `The request body is too large (the limit is ${Math.round((err.limit ?? MB) / MB)} MB)`,
        ),
      );
    } else if (err.status && err.status >= 400 && err.status < 500) {
      sendError(response, new DomainError(commonCodeForStatus(err.status), err.message));
    } else {
      next(err);
    }
  };
}
