import { Controller, Req } from '@nestjs/common';
import { Routes, type UploadResponse } from '@curbside/contracts';
import type { Request } from 'express';
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
  async upload(@Req() request: Request, @Caller() callerId: string, @IdempotencyKey() key?: string): Promise<UploadResponse> {
    const { url, thumbnailUrl } = await this.uploads.receiveImage(request, ImagePresets.itemPhoto, key ? { callerId, key } : undefined);
    return { imageUrl: url, url, thumbnailUrl };
  }
}
