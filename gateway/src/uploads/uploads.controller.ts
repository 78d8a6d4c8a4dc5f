import { Controller, HttpCode, HttpStatus, Req } from '@nestjs/common';
import { Routes, type UploadResponse } from '@curbside/contracts';
import type { Request } from 'express';
import { ApiRoute } from '../http/api-route.decorator';
import { ImagePresets } from './image.presets';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** The body is read here, from the raw request: multipart never goes through a body parser. */
  @ApiRoute(Routes.upload)
  @HttpCode(HttpStatus.OK)
  async upload(@Req() request: Request): Promise<UploadResponse> {
    const { url, thumbnailUrl } = await this.uploads.receiveImage(request, ImagePresets.itemPhoto);
    return { imageUrl: url, url, thumbnailUrl };
  }
}
