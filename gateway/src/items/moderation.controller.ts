import { Body, Controller, Param, Query } from '@nestjs/common';
import { AppealRequest, CaseDecisionRequest, CaseListQuery, Calls, Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';

type IdParams = { id: string };

/** The review queue: the items service checks that the session's member is a moderator (the appeal is the poster's). */
@Controller()
export class ModerationController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.moderationCases)
  cases(@Query(new ZodPipe(Routes.moderationCases.query)) query: CaseListQuery, @Caller() callerId: string) {
    return this.services.call(Calls.items.cases, query, callerId);
  }

  @ApiRoute(Routes.moderationDecision)
  decide(
    @Param(new ZodPipe(Routes.moderationDecision.params)) params: IdParams,
    @Body(new ZodPipe(Routes.moderationDecision.body)) body: CaseDecisionRequest,
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.decide, { caseId: params.id, ...body }, callerId);
  }

  @ApiRoute(Routes.moderationAppeal)
  appeal(
    @Param(new ZodPipe(Routes.moderationAppeal.params)) params: IdParams,
    @Body(new ZodPipe(Routes.moderationAppeal.body)) body: AppealRequest,
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.appeal, { caseId: params.id, ...body }, callerId);
  }
}
