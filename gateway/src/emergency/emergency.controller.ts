import { Body, Controller, Query } from '@nestjs/common';
import { Calls, EmergencyAccessRequest, EmergencyAccessResponse, EmergencyLogEntry, Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';

/**
 * Every check of the emergency lookup (session, admin, password, reason) happens in the emergency service, so
 * that each attempt, the anonymous one too, gets its entry in the audit log.
 */
@Controller()
export class EmergencyController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.emergencyAccess)
  access(@Body(new ZodPipe(Routes.emergencyAccess.body)) body: EmergencyAccessRequest, @Caller() callerId?: string): Promise<EmergencyAccessResponse> {
    return this.services.call(Calls.emergency.access, body, callerId);
  }

  @ApiRoute(Routes.emergencyLogs)
  logs(@Query(new ZodPipe(Routes.emergencyLogs.query)) query: { adminUserId?: string }, @Caller() callerId: string): Promise<EmergencyLogEntry[]> {
    return this.services.call(Calls.emergency.logs, query, callerId);
  }
}
