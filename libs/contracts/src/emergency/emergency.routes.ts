import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import { emergencyAccessRequestSchema, emergencyAccessResponseSchema, emergencyLogEntrySchema, emergencyLogsQuerySchema } from './emergency.schemas';
import { EmergencyCalls } from './emergency.calls';
import { ErrorCode } from '../errors/error-codes';

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
    // Public so that every attempt reaches the audit log, anonymous ones too: the service refuses those itself.
    errors: [ErrorCode.UNAUTHENTICATED, ...EmergencyCalls.access.errors],
    tags: ['emergency'],
  },
  emergencyLogs: {
    method: 'get',
    path: '/api/emergency/logs',
    summary: 'The emergency access log, newest first (administrators only)',
    auth: 'session',
    query: emergencyLogsQuerySchema,
    response: z.array(emergencyLogEntrySchema),
    errors: EmergencyCalls.logs.errors,
    tags: ['emergency'],
  },
} as const satisfies Record<string, RouteContract>;
