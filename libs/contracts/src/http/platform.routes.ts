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
    otherResponses: { 503: { description: 'A service is down or did not answer: the same report, status degraded', body: healthResponseSchema } },
    errors: [],
    tags: ['platform'],
  },
  openApiDocument: {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document, generated from the route contracts',
    auth: 'public',
    resolvesCaller: false,
    response: z.record(z.string(), z.unknown()),
    errors: [],
    tags: ['platform'],
  },
  docs: {
    method: 'get',
    path: '/api/docs',
    summary: 'A browsable reference of this API (the OpenAPI document, rendered)',
    auth: 'public',
    resolvesCaller: false,
    response: z.string().meta({ contentMediaType: 'text/html' }),
    errors: [],
    tags: ['platform'],
  },
} as const satisfies Record<string, RouteContract>;
