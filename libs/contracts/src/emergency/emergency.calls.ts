import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import { AuthError } from '../users/users.errors';
import { EmergencyError } from './emergency.errors';
import {
  emergencyAccessCallSchema,
  emergencyAccessResponseSchema,
  emergencyLogEntrySchema,
  emergencyLogsCallSchema,
  emergencyUnlockCallSchema,
  emergencyUnlockResponseSchema,
} from './emergency.schemas';

const gateRefusals = [EmergencyError.NOT_ADMIN, AuthError.NOT_YOURSELF];

/** The emergency service's calls: every attempt at the lookup is audited, whoever asks. */
export const EmergencyCalls = {
  /** The password opens a 10-minute elevation of the caller's session; five wrong ones in 15 minutes lock the admin out. */
  unlock: defineCall({
    subject: 'emergency.unlock',
    request: emergencyUnlockCallSchema,
    reply: emergencyUnlockResponseSchema,
    errors: [...gateRefusals, EmergencyError.DISABLED, EmergencyError.WRONG_PASSWORD, EmergencyError.LOCKED_OUT],
  }),
  access: defineCall({
    subject: 'emergency.access',
    request: emergencyAccessCallSchema,
    reply: emergencyAccessResponseSchema,
    errors: [
      ...gateRefusals,
      EmergencyError.DISABLED,
      EmergencyError.ELEVATION_REQUIRED,
      EmergencyError.MISSING_INFORMATION,
      EmergencyError.BAD_PHONE,
      EmergencyError.TARGET_NOT_FOUND,
    ],
  }),
  logs: defineCall({
    subject: 'emergency.logs',
    request: emergencyLogsCallSchema,
    reply: z.array(emergencyLogEntrySchema),
    errors: [...gateRefusals, EmergencyError.ELEVATION_REQUIRED],
  }),
};
