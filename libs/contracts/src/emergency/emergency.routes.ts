import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import {
  emergencyAccessRequestSchema,
  emergencyAccessResponseSchema,
  emergencyLogEntrySchema,
  emergencyLogsQuerySchema,
  emergencyUnlockRequestSchema,
  emergencyUnlockResponseSchema,
} from './emergency.schemas';
import { EmergencyCalls } from './emergency.calls';
import { ErrorCode } from '../errors/error-codes';

export const EmergencyRoutes = {
  emergencyUnlock: {
    method: 'post',
    path: '/api/emergency/unlock',
    summary:
      "An administrator's emergency password opens a 10-minute elevation of this session (ended by signing out); every attempt is written to the audit log and wrong ones count toward the lockout",
    auth: 'public',
    body: emergencyUnlockRequestSchema,
    response: emergencyUnlockResponseSchema,
    status: 200,
    // Public for the same reason as the lookup: anonymous attempts are refused, and audited, by the service.
    errors: [ErrorCode.UNAUTHENTICATED, ...EmergencyCalls.unlock.errors],
    tags: ['emergency'],
  },
  emergencyAccess: {
    method: 'post',
    path: '/api/emergency/access',
    summary:
      "An administrator's emergency lookup of a user by id or phone: admin session with a live elevation (POST /api/emergency/unlock) and a reason; every attempt is written to the audit log",
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
    summary: 'The emergency access log, newest first (administrators with a live elevation only)',
    auth: 'session',
    query: emergencyLogsQuerySchema,
    response: z.array(emergencyLogEntrySchema),
    errors: EmergencyCalls.logs.errors,
    tags: ['emergency'],
  },
} as const satisfies Record<string, RouteContract>;
