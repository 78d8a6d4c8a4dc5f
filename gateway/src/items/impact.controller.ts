import { Controller, Param, Query } from '@nestjs/common';
import { AreaImpact, Calls, ImpactQuery, MemberImpact, Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';

type IdParams = { id: string };

/** Impact (docs/api.md, "Impact"): an area's totals and fairness, and a member's own figure; both public. */
@Controller()
export class ImpactController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.areaImpact)
  area(@Query(new ZodPipe(Routes.areaImpact.query)) query: ImpactQuery, @Caller() callerId?: string): Promise<AreaImpact> {
    return this.services.call(Calls.items.areaImpact, query, callerId);
  }

  /** The users service says whether the member exists (USER.NOT_FOUND); items has their figures, zeros for a new one. */
  @ApiRoute(Routes.memberImpact)
  async member(@Param(new ZodPipe(Routes.memberImpact.params)) params: IdParams, @Caller() callerId?: string): Promise<MemberImpact> {
    const [, impact] = await Promise.all([
      this.services.call(Calls.users.get, { userId: params.id }, callerId),
      this.services.call(Calls.items.memberImpact, { userId: params.id }, callerId),
    ]);
    return impact;
  }
}
