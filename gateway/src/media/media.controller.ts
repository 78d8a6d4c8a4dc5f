import { Controller, Param, Req, Res } from '@nestjs/common';
import { Routes } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ifNoneMatchHits } from '../http/entity-tags';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { entityTagFor } from './media.rules';
import { MediaService } from './media.service';

/** Keys are never reused for other bytes, so a browser may keep an image for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @ApiRoute(Routes.media)
  async serve(@Param('*') path: string, @Req() request: HttpRequest, @Res() reply: HttpReply): Promise<HttpReply> {
    // The route's wildcard: the key's path segments, as one string.
    const key = this.media.keyOf({ key: path });
    const entityTag = entityTagFor(key);
    // Cache headers go out only with an image: a 404 cached for a year would outlive the upload it preceded.
    const cacheHeaders = { 'Cache-Control': IMMUTABLE, ETag: entityTag, 'X-Content-Type-Options': 'nosniff' };
    if (ifNoneMatchHits(request.headers['if-none-match'], entityTag)) {
      await this.media.assertExists(key);
      return reply.code(304).headers(cacheHeaders).send();
    }
    const stored = await this.media.open(key);
    // Fastify pipes the stream out and destroys it if the client goes away first.
    return reply
      .code(200)
      .headers({ ...cacheHeaders, 'Content-Type': stored.contentType, 'Content-Length': String(stored.size) })
      .send(stored.body);
  }
}
