import { z } from 'zod';
import { ResponseHeaders, type ResponseHeaderContract, type RouteContract } from '../http/route-contract';
import { ImageUploadLimits, mediaParamsSchema, mediaPathSegmentsSchema, mediaResponseSchema, uploadResponseSchema } from './media.schemas';
import { MediaError, UploadError } from './media.errors';

/** Sent with an image and with its 304, never with a 404 (a cached "not found" would outlive the upload). */
const IMAGE_CACHE_HEADERS: Record<string, ResponseHeaderContract> = {
  ...ResponseHeaders.cacheControl,
  ETag: { description: "The image's entity tag, for If-None-Match", required: true, schema: z.string() },
};

export const MediaRoutes = {
  upload: {
    method: 'post',
    path: '/api/upload',
    summary: 'Upload an item photo (JPEG, PNG or WebP, at most 5 MB); it is re-encoded without its metadata',
    auth: 'session',
    multipart: ImageUploadLimits.itemPhoto,
    response: uploadResponseSchema,
    status: 200,
    idempotencyKey: true,
    errors: Object.values(UploadError),
    tags: ['media'],
  },
  media: {
    method: 'get',
    path: '/api/media/*key',
    resolvesCaller: false,
    summary: 'A stored image (immutable: cached for a year)',
    auth: 'public',
    params: mediaParamsSchema,
    documentedAs: { path: '/api/media/:folder/:file', params: mediaPathSegmentsSchema },
    response: mediaResponseSchema,
    headers: IMAGE_CACHE_HEADERS,
    otherResponses: { 304: { description: 'The copy the client named in If-None-Match is still the image', headers: IMAGE_CACHE_HEADERS } },
    errors: [MediaError.NOT_FOUND],
    tags: ['media'],
  },
} as const satisfies Record<string, RouteContract>;
