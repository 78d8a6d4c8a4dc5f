import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors/error-codes';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** A header of an answer, as the API document describes it. */
export interface ResponseHeaderContract {
  description: string;
  /** false: sent only in some answers (e.g. the next page's cursor, only when there is a next page). */
  required: boolean;
  schema: z.ZodType;
}

/** An answer other than the success and the errors (health's 503 while a service is down, an image's 304). */
export interface OtherResponseContract {
  description: string;
  /** Omitted: the answer has no body. */
  body?: z.ZodType;
  headers?: Record<string, ResponseHeaderContract>;
}

/** One HTTP call of the public API: the gateway validates with these schemas and /api/docs is built from them. */
export interface RouteContract {
  method: HttpMethod;
  /** The path, e.g. /api/users/:id; a named wildcard (`*key`) ends it when its value spans segments. */
  path: string;
  summary: string;
  /** 'public' routes need no session; 'session' routes answer 401 without one. */
  auth: 'public' | 'session';
  /** false: the answer never depends on who asks, so the gateway skips the session look-up (static media). */
  resolvesCaller?: false;
  params?: z.ZodObject;
  /**
   * How the API document spells a route with a named wildcard (`*key`), whose one parameter spans several path
   * segments: OpenAPI path parameters never contain a slash, so the document names each segment instead.
   */
  documentedAs?: { path: string; params: z.ZodObject };
  query?: z.ZodType;
  /** JSON body; multipart routes describe their parts in `multipart` instead. */
  body?: z.ZodType;
  /** A JSON body larger than the default 1 MB (base64 photos), and what to say past it. */
  largeJson?: { maxBytes: number; tooLargeMessage: string };
  /** Multipart uploads: the file field and its size limit in bytes. */
  multipart?: { field: string; maxBytes: number };
  response: z.ZodType;
  /**
   * The status of a successful answer when it is not the default (201 for a POST, 200 for the rest): the gateway
   * answers with successStatus(route) and the API document says the same, so the two cannot drift.
   */
  status?: 200 | 201 | 202 | 204;
  /** The route takes an Idempotency-Key header: a retry with the same key replays the first answer. */
  idempotencyKey?: true;
  /**
   * The module error codes the route may answer with besides those of the shared layers (validation, session,
   * cross-site and body checks, write limits, idempotency, a service that did not answer): the codes of the service
   * calls the gateway makes for it, and the gateway's own (uploads). The API document lists exactly these.
   */
  errors?: readonly ErrorCode[];
  /** Headers of the successful answer. */
  headers?: Record<string, ResponseHeaderContract>;
  /** Answers besides the success and the errors, by status. */
  otherResponses?: Record<number, OtherResponseContract>;
  tags: string[];
}

/** The status a route answers with when it succeeds. */
export function successStatus(route: Pick<RouteContract, 'method' | 'status'>): 200 | 201 | 202 | 204 {
  return route.status ?? (route.method === 'post' ? 201 : 200);
}

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });

/** Headers that more than one route sends. */
export const ResponseHeaders = {
  nextCursor: {
    'X-Next-Cursor': { description: 'The cursor of the next page (send it back as ?cursor=); absent on the last page', required: false, schema: z.string() },
  },
  radiusCap: {
    'X-Radius-Cap': {
      description: "The largest radius in miles the caller's plan allows; a wider ?radius= was narrowed to it",
      required: true,
      schema: z.number(),
    },
  },
  cacheControl: {
    'Cache-Control': { description: 'How long the answer may be kept', required: true, schema: z.string() },
  },
} as const satisfies Record<string, Record<string, ResponseHeaderContract>>;

/** The session cookie's name: the API document's security scheme and the gateway's cookie are one. */
export const SESSION_COOKIE_NAME = 'curbside_session';

/** The Set-Cookie header of the routes that start or end a session. */
export function sessionCookieHeader(description: string, required: boolean): Record<string, ResponseHeaderContract> {
  return { 'Set-Cookie': { description, required, schema: z.string().regex(new RegExp(`^${SESSION_COOKIE_NAME}=`)) } };
}

/** Every error answer: a code a client branches on, a message to show, and when a retry may succeed. */
export const errorResponseSchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  retryAfterSeconds: z.number().int().min(1).optional().describe('Seconds until a retry may succeed (also sent as Retry-After)'),
});
