import type { RouteContract } from '../http/route-contract';
import { idParamsSchema } from '../http/route-contract';
import { createUserRequestSchema, userSchema, userViewSchema } from './user.schemas';

export const UserRoutes = {
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
    params: idParamsSchema,
    response: userViewSchema,
    tags: ['users'],
  },
} as const satisfies Record<string, RouteContract>;
