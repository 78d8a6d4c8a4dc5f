import { imageTooLargeMessage } from '@curbside/contracts';
import type { NextFunction, Request, Response } from 'express';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

const MB = 1024 * 1024;

/** body-parser's failures as clear JSON messages: malformed JSON → 400, too large → 413. */
export function bodyErrorsMiddleware(err: BodyParserError, _request: Request, response: Response, next: NextFunction): void {
  if (err.type === 'entity.parse.failed') {
    response.status(400).json({ message: 'The request body is not valid JSON' });
  } else if (err.type === 'entity.too.large') {
    // The photo routes' limit fits a 5 MB image in base64: past it, the image is what is too large.
    const message = (err.limit ?? 0) > 5 * MB ? imageTooLargeMessage(5 * MB) : `The request body is too large (the limit is ${Math.round((err.limit ?? MB) / MB)} MB)`;
    response.status(413).json({ message });
  } else if (err.status && err.status >= 400 && err.status < 500) {
    response.status(err.status).json({ message: err.message });
  } else {
    next(err);
  }
}
