import type { RouteContract } from '../http/route-contract';
import { idParamsSchema } from '../http/route-contract';
import { createItemRequestSchema, feedQuerySchema, itemListSchema, itemSchema } from './item.schemas';

export const ItemRoutes = {
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
  userItems: {
    method: 'get',
    path: '/api/users/:id/items',
    summary: 'Items a user posted, and for their owner also the ones they claimed, newest first',
    auth: 'public',
    params: idParamsSchema,
    response: itemListSchema,
    tags: ['items'],
  },
} as const satisfies Record<string, RouteContract>;
