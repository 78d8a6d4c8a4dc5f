import type { NextFunction, Request, Response } from 'express';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** body-parser's failures as clear JSON messages: malformed JSON → 400, too large → 413. */
export function bodyErrorsMiddleware(err: BodyParserError, _request: Request, response: Response, next: NextFunction): void {
  if (err.type === 'entity.parse.failed') {
    response.status(400).json({ message: 'The request body is not valid JSON' });
  } else if (err.type === 'entity.too.large') {
    response.status(413).json({ message: 'The request body is too large (the limit is 1 MB)' });
  } else if (err.status && err.status >= 400 && err.status < 500) {
    response.status(err.status).json({ message: err.message });
  } else {
    next(err);
  }
}
