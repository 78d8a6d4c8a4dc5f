import { defineErrors } from '../errors/define-errors';

export const EmergencyErrorSet = defineErrors('EMERGENCY', {
  /** No EMERGENCY_PASSWORD_HASH is configured. */
  DISABLED: 503,
  NOT_ADMIN: 403,
  MISSING_INFORMATION: 400,
  BAD_PHONE: 400,
  WRONG_PASSWORD: 401,
  LOCKED_OUT: 429,
  TARGET_NOT_FOUND: 404,
  /** The access log and lookups need a live elevation of this session: the password opened at POST /api/emergency/unlock. */
  ELEVATION_REQUIRED: 403,
});
export const EmergencyError = EmergencyErrorSet.codes;
