import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import { AuthError } from '../users/users.errors';
import { EmergencyError } from './emergency.errors';
import { emergencyAccessRequestSchema, emergencyAccessResponseSchema, emergencyLogEntrySchema, emergencyLogsQuerySchema } from './emergency.schemas';

const gateRefusals = [EmergencyError.NOT_ADMIN, AuthError.NOT_YOURSELF];

/** The emergency service's calls: every attempt at the lookup is audited, whoever asks. */
export const EmergencyCalls = {
  access: defineCall({
    subject: 'emergency.access',
    request: emergencyAccessRequestSchema,
    reply: emergencyAccessResponseSchema,
    errors: [
      ...gateRefusals,
      EmergencyError.DISABLED,
      EmergencyError.MISSING_INFORMATION,
      EmergencyError.BAD_PHONE,
      EmergencyError.WRONG_PASSWORD,
      EmergencyError.LOCKED_OUT,
      EmergencyError.TARGET_NOT_FOUND,
    ],
  }),
  logs: defineCall({ subject: 'emergency.logs', request: emergencyLogsQuerySchema, reply: z.array(emergencyLogEntrySchema), errors: gateRefusals }),
};
