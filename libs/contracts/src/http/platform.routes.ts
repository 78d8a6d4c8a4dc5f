import { z } from 'zod';
import type { RouteContract } from './route-contract';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.object({ status: z.enum(['ok', 'down']), checks: z.record(z.string(), z.unknown()).optional() })),
});

export const PlatformRoutes = {
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
} as const satisfies Record<string, RouteContract>;
