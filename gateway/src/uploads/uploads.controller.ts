import { Controller, Req, Res } from '@nestjs/common';
import { Routes, type UploadResponse } from '@curbside/contracts';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { Caller } from '../session/caller.decorator';
import { ImagePresets } from './image.presets';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** The body is read here, from the raw request: multipart never goes through a body parser. */
  @ApiRoute(Routes.upload)
  async upload(
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId: string,
    @IdempotencyKey() key?: string,
  ): Promise<UploadResponse> {
    const upload = { request: request.raw, response: reply.raw };
    const { url, thumbnailUrl } = await this.uploads.receiveImage(upload, ImagePresets.itemPhoto, key ? { callerId, key } : undefined);
    return { imageUrl: url, url, thumbnailUrl };
  }
}
