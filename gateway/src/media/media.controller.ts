import { pipeline } from 'node:stream';
import { Controller, Param, Req, Res } from '@nestjs/common';
import { Routes } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import type { Request, Response } from 'express';
import { ApiRoute } from '../http/api-route.decorator';
import { entityTagFor, ifNoneMatchHits } from './media.rules';
import { MediaService } from './media.service';

const log = createLogger('media');

/** Keys are never reused for other bytes, so a browser may keep an image for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @ApiRoute(Routes.media)
  async serve(@Param() params: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    const key = this.media.keyOf(params);
    const entityTag = entityTagFor(key);
    // Cache headers go out only with an image: a 404 cached for a year would outlive the upload it preceded.
    const cacheHeaders = { 'Cache-Control': IMMUTABLE, ETag: entityTag, 'X-Content-Type-Options': 'nosniff' };
    if (ifNoneMatchHits(request.header('if-none-match'), entityTag)) {
      await this.media.assertExists(key);
      response.status(304).set(cacheHeaders).end();
      return;
    }
    const stored = await this.media.open(key);
    response.status(200).set({ ...cacheHeaders, 'Content-Type': stored.contentType, 'Content-Length': String(stored.size) });
    pipeline(stored.body, response, (error) => {
      // The status line is out by now, so all that is left is to log; a client that went away is not worth a line.
      if (error && !request.destroyed) log.warn({ err: error, key }, 'serving an image failed');
    });
  }
}
