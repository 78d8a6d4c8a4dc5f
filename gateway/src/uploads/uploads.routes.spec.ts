import { MediaRoutes, mediaParamsSchema, Routes } from '@curbside/contracts';
import { buildOpenApiDocument, documentedPath } from '../docs/openapi';
import { ImagePresets } from './image.presets';

describe('upload contracts', () => {
  it('limits each preset exactly as its route contract does', () => {
    const limits = (preset: { field: string; maxBytes: number }) => ({ field: preset.field, maxBytes: preset.maxBytes });
    expect(limits(ImagePresets.itemPhoto)).toEqual(MediaRoutes.upload.multipart);
    expect(limits(ImagePresets.profilePicture)).toEqual(Routes.profilePicture.multipart);
  });

  it('generates keys that GET /api/media serves', () => {
    for (const preset of Object.values(ImagePresets)) {
      const id = '0b5a1f3c-9d2e-4c7a-8f61-2a4b6c8d0e1f';
      for (const name of [`${id}.webp`, `${id}-thumb.webp`]) {
        expect(mediaParamsSchema.safeParse({ key: [preset.keyPrefix, name] }).success).toBe(true);
      }
    }
  });

  it('documents the upload as multipart with one binary field, and the image as image bytes', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const upload = doc.paths[Routes.upload.path].post;

    expect(upload.requestBody).toEqual({
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['photo'], properties: { photo: expect.objectContaining({ type: 'string', format: 'binary' }) } },
        },
      },
    });
    expect(Object.keys(upload.responses as object)).toEqual(expect.arrayContaining(['200', '400', '401', '413']));
    // OpenAPI path parameters never span a slash: the document names the key's two segments.
    const media = doc.paths[documentedPath(Routes.media)].get;
    expect((media.responses as Record<string, { content?: unknown }>)['200'].content).toEqual({ 'image/webp': {} });
    expect(media.parameters).toEqual([
      expect.objectContaining({ name: 'folder', in: 'path', required: true }),
      expect.objectContaining({ name: 'file', in: 'path', required: true }),
    ]);
  });
});
