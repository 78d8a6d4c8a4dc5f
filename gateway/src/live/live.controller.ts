import { Controller, Headers, Req, Res } from '@nestjs/common';
import { Routes } from '@curbside/contracts';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { Caller } from '../session/caller.decorator';
import { sessionTokenOf } from '../session/session-cookie';
import { LiveHub } from './live-hub';

/** The caller's own live stream: the session says whose notifications it carries. */
@Controller()
export class LiveController {
  constructor(private readonly hub: LiveHub) {}

  @ApiRoute(Routes.liveStream)
  async stream(
    @Caller() callerId: string,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: HttpRequest,
    @Res() reply: HttpReply,
  ): Promise<void> {
    // The session guard resolved this very cookie to the caller (the route is session-only).
    const sessionToken = sessionTokenOf(request) ?? '';
    // The stream is written on the socket's own response for as long as the tab is open, past Fastify's reply.
    reply.hijack();
    await this.hub.open(callerId, sessionToken, reply.raw, lastEventId);
  }
}
