import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import { idParamsSchema } from '../http/route-contract';
import { BlocksCalls } from './blocks.calls';
import { blockedMemberSchema, blockResponseSchema } from './blocks.schemas';

/** Blocking (docs/product-rules.md): the path names the member blocked; the blocker is the session. Nobody is told. */
export const BlockRoutes = {
  block: {
    method: 'post',
    path: '/api/users/:id/block',
    summary: 'Block a member: they cannot hold, claim, queue for, message or comment on your items, and you stop seeing theirs',
    auth: 'session',
    params: idParamsSchema,
    response: blockResponseSchema,
    status: 200,
    errors: BlocksCalls.block.errors,
    tags: ['users'],
  },
  unblock: {
    method: 'delete',
    path: '/api/users/:id/block',
    summary: 'Unblock a member',
    auth: 'session',
    params: idParamsSchema,
    response: blockResponseSchema,
    errors: BlocksCalls.unblock.errors,
    tags: ['users'],
  },
  blockedMembers: {
    method: 'get',
    path: '/api/blocks',
    summary: 'The members the caller blocked, newest first',
    auth: 'session',
    response: z.array(blockedMemberSchema),
    errors: BlocksCalls.blocked.errors,
    tags: ['users'],
  },
} as const satisfies Record<string, RouteContract>;
