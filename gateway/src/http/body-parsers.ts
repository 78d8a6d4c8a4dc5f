import { DomainError, ErrorCode, type RouteContract } from '@curbside/contracts';
import type { FastifyInstance } from 'fastify';

const MB = 1024 * 1024;

/** The largest JSON body of a route without a limit of its own in its contract (`largeJson`). */
export const DEFAULT_BODY_LIMIT = MB;

/** 413 with the route's own words when its contract allows a larger body (a photo), else the default limit's. */
export function bodyTooLarge(route: RouteContract | undefined): DomainError {
  const message = route?.largeJson?.tooLargeMessage ?? `The request body is too large (the limit is ${Math.round(DEFAULT_BODY_LIMIT / MB)} MB)`;
  return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, message);
}

/**
 * How request bodies are read. JSON is parsed (objects and arrays only; an empty body is `{}`), within the route's
 * limit: 1 MB, or the contract's `largeJson` (route-templates.ts); past it the error filter answers a 413 with the
 * route's words (bodyTooLarge). A multipart body is left unread for the upload routes, which stream it themselves
 * (uploads/multipart-file.reader.ts). Any other body is not read at all and the route sees none, so only a JSON
 * body can carry fields, and a form post from another site has nothing to parse.
 */
export function readBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

/** A JSON body as the API takes it: an object or an array (a bare value is refused), `{}` when empty. */
export function parseJsonBody(text: string): unknown {
  const start = text.search(/\S/);
  if (start === -1) return {};
  if (text[start] !== '{' && text[start] !== '[') throw notJson();
  try {
    return JSON.parse(text);
  } catch {
    throw notJson();
  }
}

function notJson(): DomainError {
  return new DomainError(ErrorCode.VALIDATION_FAILED, 'The request body is not valid JSON');
}
