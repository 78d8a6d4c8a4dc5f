import { Controller, Req, Res } from '@nestjs/common';
import { Calls, Routes, type UploadResponse } from '@curbside/contracts';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { Caller } from '../session/caller.decorator';
import { ImagePresets } from './image.presets';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly services: ServiceClient,
  ) {}

  /**
   * The body is read here, from the raw request: multipart never goes through a body parser. The items service hears
   * of the photo before it is stored, and deletes it a day later if no post shows it.
   */
  @ApiRoute(Routes.upload)
  async upload(
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId: string,
    @IdempotencyKey() key?: string,
  ): Promise<UploadResponse> {
    const upload = { request: request.raw, response: reply.raw };
    const { url, thumbnailUrl } = await this.uploads.receiveImage(upload, ImagePresets.itemPhoto, {
      idempotency: key ? { callerId, key } : undefined,
      beforeStore: (photoKey) => this.services.call(Calls.items.expectItemPhoto, { photoKey }, callerId),
    });
    return { imageUrl: url, url, thumbnailUrl };
  }
}
