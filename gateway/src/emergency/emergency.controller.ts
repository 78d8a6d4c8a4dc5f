import { Body, Controller, Query } from '@nestjs/common';
import {
  Calls,
  EmergencyAccessRequest,
  EmergencyAccessResponse,
  EmergencyLogEntry,
  EmergencyUnlockRequest,
  EmergencyUnlockResponse,
  Routes,
} from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';
import { EmergencySessionKey } from './emergency-session-key';

/**
 * Every check of the emergency tool (session, admin, password, elevation, reason) happens in the emergency service, so
 * that each attempt, the anonymous one too, gets its entry in the audit log. The gateway adds the session's key, which
 * the elevation is bound to; the route schemas have no such field, so a client cannot send one.
 */
@Controller()
export class EmergencyController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.emergencyUnlock)
  unlock(
    @Body(new ZodPipe(Routes.emergencyUnlock.body)) body: EmergencyUnlockRequest,
    @EmergencySessionKey() sessionKey: string | null,
    @Caller() callerId?: string,
  ): Promise<EmergencyUnlockResponse> {
    return this.services.call(Calls.emergency.unlock, { ...body, sessionKey }, callerId);
  }

  @ApiRoute(Routes.emergencyAccess)
  access(
    @Body(new ZodPipe(Routes.emergencyAccess.body)) body: EmergencyAccessRequest,
    @EmergencySessionKey() sessionKey: string | null,
    @Caller() callerId?: string,
  ): Promise<EmergencyAccessResponse> {
    return this.services.call(Calls.emergency.access, { ...body, sessionKey }, callerId);
  }

  @ApiRoute(Routes.emergencyLogs)
  logs(
    @Query(new ZodPipe(Routes.emergencyLogs.query)) query: { adminUserId?: string },
    @EmergencySessionKey() sessionKey: string | null,
    @Caller() callerId: string,
  ): Promise<EmergencyLogEntry[]> {
    return this.services.call(Calls.emergency.logs, { ...query, sessionKey }, callerId);
  }
}
