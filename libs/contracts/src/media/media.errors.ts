import { defineErrors } from '../errors/define-errors';

export const MediaErrorSet = defineErrors('MEDIA', { NOT_FOUND: 404 });
export const MediaError = MediaErrorSet.codes;

/** Photo uploads: each message says what to send instead. */
export const UploadErrorSet = defineErrors('UPLOAD', {
  NOT_AN_IMAGE: 400,
  WRONG_FIELD: 400,
  ONE_FILE_ONLY: 400,
  NOT_MULTIPART: 400,
  INTERRUPTED: 400,
  UNSUPPORTED_TYPE: 400,
  UNREADABLE: 400,
  TOO_MANY_PIXELS: 400,
  TOO_LARGE: 413,
  /** Too many item photos uploaded in a day and shown on no post (items.expect-item-photo). */
  TOO_MANY_UNPOSTED: 429,
  STORAGE_UNAVAILABLE: 503,
});
export const UploadError = UploadErrorSet.codes;
