import { z } from 'zod';
import { feedQuerySchema, createItemRequestSchema, itemListSchema, itemSchema } from '../items/item.schemas';
import { createUserRequestSchema, userSchema, userViewSchema } from '../users/user.schemas';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** One HTTP call of the public API: the gateway validates with these schemas and /api/docs is built from them. */
export interface RouteContract {
  method: HttpMethod;
  /** Express-style path, e.g. /api/users/:id */
  path: string;
  summary: string;
  /** 'public' routes need no session; 'session' routes answer 401 without one. */
  auth: 'public' | 'session';
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  tags: string[];
}

const idParams = z.object({ id: z.uuid({ error: 'Must be a valid id' }) });

export const errorResponseSchema = z.object({ message: z.string() });

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.object({ status: z.enum(['ok', 'down']), checks: z.record(z.string(), z.unknown()).optional() })),
});

export const Routes = {
  health: {
    method: 'get',
    path: '/api/health',
    summary: 'Health of the gateway and every service',
    auth: 'public',
    response: healthResponseSchema,
    tags: ['platform'],
  },
  docs: {
    method: 'get',
    path: '/api/docs',
    summary: 'This OpenAPI document',
    auth: 'public',
    response: z.record(z.string(), z.unknown()),
    tags: ['platform'],
  },
  createUser: {
    method: 'post',
    path: '/api/users',
    summary: 'Create an anonymous user and start a session (sets the session cookie)',
    auth: 'public',
    body: createUserRequestSchema,
    response: userSchema,
    tags: ['users'],
  },
  getUser: {
    method: 'get',
    path: '/api/users/:id',
    summary: 'A user: the full record for its owner, the public view for everyone else',
    auth: 'public',
    params: idParams,
    response: userViewSchema,
    tags: ['users'],
  },
  createItem: {
    method: 'post',
    path: '/api/items',
    summary: "Post an item as the session's user",
    auth: 'session',
    body: createItemRequestSchema,
    response: itemSchema,
    tags: ['items'],
  },
  feed: {
    method: 'get',
    path: '/api/items',
    summary: 'Available items within the radius, newest first',
    auth: 'public',
    query: feedQuerySchema,
    response: itemListSchema,
    tags: ['items'],
  },
} as const satisfies Record<string, RouteContract>;
