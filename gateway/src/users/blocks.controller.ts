import { Controller, Param } from '@nestjs/common';
import { Calls, Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';

type IdParams = { id: string };

/** Blocking: the path names the member blocked; the blocker is always the session's member. */
@Controller()
export class BlocksController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.block)
  block(@Param(new ZodPipe(Routes.block.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.users.block, { userId: params.id }, callerId);
  }

  @ApiRoute(Routes.unblock)
  unblock(@Param(new ZodPipe(Routes.unblock.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.users.unblock, { userId: params.id }, callerId);
  }

  @ApiRoute(Routes.blockedMembers)
  blocked(@Caller() callerId: string) {
    return this.services.call(Calls.users.blocked, {}, callerId);
  }
}
