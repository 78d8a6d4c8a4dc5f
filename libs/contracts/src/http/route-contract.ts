import { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** One HTTP call of the public API: the gateway validates with these schemas and /api/docs is built from them. */
export interface RouteContract {
  method: HttpMethod;
  /** Express-style path, e.g. /api/users/:id */
  path: string;
  summary: string;
  /** 'public' routes need no session; 'session' routes answer 401 without one. */
  auth: 'public' | 'session';
  /** false: the answer never depends on who asks, so the gateway skips the session look-up (static media). */
  resolvesCaller?: false;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** JSON body; multipart routes describe their parts in `multipart` instead. */
  body?: z.ZodType;
  /** A JSON body larger than the default 1 MB (base64 photos), and what to say past it. */
  largeJson?: { maxBytes: number; tooLargeMessage: string };
  /** Multipart uploads: the file field and its size limit in bytes. */
  multipart?: { field: string; maxBytes: number };
  response: z.ZodType;
  tags: string[];
}

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });

export const errorResponseSchema = z.object({ message: z.string() });
