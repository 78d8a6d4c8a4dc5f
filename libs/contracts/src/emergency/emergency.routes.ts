import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import { emergencyAccessRequestSchema, emergencyAccessResponseSchema, emergencyLogEntrySchema, emergencyLogsQuerySchema } from './emergency.schemas';

export const EmergencyRoutes = {
  emergencyAccess: {
    method: 'post',
    path: '/api/emergency/access',
    summary:
      "An administrator's emergency lookup of a user by id or phone: admin session, the emergency password and a reason; every attempt is written to the audit log",
    auth: 'public',
    body: emergencyAccessRequestSchema,
    response: emergencyAccessResponseSchema,
    status: 200,
    tags: ['emergency'],
  },
  emergencyLogs: {
    method: 'get',
    path: '/api/emergency/logs',
    summary: 'The emergency access log, newest first (administrators only)',
    auth: 'session',
    query: emergencyLogsQuerySchema,
    response: z.array(emergencyLogEntrySchema),
    tags: ['emergency'],
  },
} as const satisfies Record<string, RouteContract>;
