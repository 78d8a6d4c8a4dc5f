import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';

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
      response.status(400).json({ message: 'The request body is not valid JSON' });
    } else if (err.type === 'entity.too.large') {
      response.status(413).json({ message: tooLargeMessage ?? `The request body is too large (the limit is ${Math.round((err.limit ?? MB) / MB)} MB)` });
    } else if (err.status && err.status >= 400 && err.status < 500) {
      response.status(err.status).json({ message: err.message });
    } else {
      next(err);
    }
  };
}
