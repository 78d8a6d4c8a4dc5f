import type { RouteContract } from '../http/route-contract';
import { ImageUploadLimits, mediaParamsSchema, mediaResponseSchema, uploadResponseSchema } from './media.schemas';

export const MediaRoutes = {
  upload: {
    method: 'post',
    path: '/api/upload',
    summary: 'Upload an item photo (JPEG, PNG or WebP, at most 5 MB); it is re-encoded without its metadata',
    auth: 'session',
    multipart: ImageUploadLimits.itemPhoto,
    response: uploadResponseSchema,
    tags: ['media'],
  },
  media: {
    method: 'get',
    path: '/api/media/*key',
    resolvesCaller: false,
    summary: 'A stored image (immutable: cached for a year)',
    auth: 'public',
    params: mediaParamsSchema,
    response: mediaResponseSchema,
    tags: ['media'],
  },
} as const satisfies Record<string, RouteContract>;
