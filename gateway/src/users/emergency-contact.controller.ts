import { Body, Controller, Param } from '@nestjs/common';
import { Calls, EmergencyContactRequest, EmergencyContactResponse, Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';

type IdParams = { id: string };

/** A member's own emergency contact: only its owner reads or changes it here (docs/security.md). */
@Controller()
export class EmergencyContactController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.emergencyContact)
  get(@Param(new ZodPipe(Routes.emergencyContact.params)) params: IdParams, @Caller() callerId: string): Promise<EmergencyContactResponse> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.emergencyContact, {}, callerId);
  }

  @ApiRoute(Routes.setEmergencyContact)
  set(
    @Param(new ZodPipe(Routes.setEmergencyContact.params)) params: IdParams,
    @Body(new ZodPipe(Routes.setEmergencyContact.body)) body: EmergencyContactRequest,
    @Caller() callerId: string,
  ): Promise<EmergencyContactResponse> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.setEmergencyContact, body, callerId);
  }
}
