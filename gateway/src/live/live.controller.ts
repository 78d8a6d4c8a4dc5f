import { Controller, Headers, Res } from '@nestjs/common';
import { Routes } from '@curbside/contracts';
import type { Response } from 'express';
import { ApiRoute } from '../http/api-route.decorator';
import { Caller } from '../session/caller.decorator';
import { LiveHub } from './live-hub';

/** The caller's own live stream: the session says whose notifications it carries. */
@Controller()
export class LiveController {
  constructor(private readonly hub: LiveHub) {}

  @ApiRoute(Routes.liveStream)
  async stream(@Caller() callerId: string, @Headers('last-event-id') lastEventId: string | undefined, @Res() response: Response): Promise<void> {
    await this.hub.open(callerId, response, lastEventId);
  }
}
