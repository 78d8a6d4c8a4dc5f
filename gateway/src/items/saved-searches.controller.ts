import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import { Calls, CreateSavedSearchRequest, RADIUS_CAP_HEADER, Routes, SavedSearchChange, WantedPost, WantedQuery } from '@curbside/contracts';
import type { HttpReply } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';

type IdParams = { id: string };

/** Saved searches are always the session member's own; wanted posts are listed to anyone, blurred. */
@Controller()
export class SavedSearchesController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.savedSearches)
  list(@Caller() callerId: string) {
    return this.services.call(Calls.items.savedSearches, {}, callerId);
  }

  @ApiRoute(Routes.createSavedSearch)
  create(
    @Body(new ZodPipe(Routes.createSavedSearch.body)) body: CreateSavedSearchRequest,
    @Caller() callerId: string,
    @IdempotencyKey() idempotencyKey?: string,
  ) {
    return this.services.call(Calls.items.createSavedSearch, body, callerId, { idempotencyKey });
  }

  @ApiRoute(Routes.deleteSavedSearch)
  delete(@Param(new ZodPipe(Routes.deleteSavedSearch.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.items.deleteSavedSearch, { savedSearchId: params.id }, callerId);
  }

  @ApiRoute(Routes.setSavedSearchAutoClaim)
  setAutoClaim(
    @Param(new ZodPipe(Routes.setSavedSearchAutoClaim.params)) params: IdParams,
    @Body(new ZodPipe(Routes.setSavedSearchAutoClaim.body)) body: SavedSearchChange,
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.setSavedSearchAutoClaim, { savedSearchId: params.id, autoClaim: body.autoClaim, query: body.query }, callerId);
  }

  @ApiRoute(Routes.wanted)
  async wanted(
    @Query(new ZodPipe(Routes.wanted.query)) query: WantedQuery,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId?: string,
  ): Promise<WantedPost[]> {
    const wanted = await this.services.call(Calls.items.wanted, query, callerId);
    reply.header(RADIUS_CAP_HEADER, String(wanted.radiusCap));
    return wanted.posts;
  }
}
