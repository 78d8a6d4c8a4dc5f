import { DomainError, ErrorCode, imageTooLargeMessage, UploadError } from '@curbside/contracts';
import type { ImageType } from './image-type.sniffer';

/** Every way an upload is refused, worded for the person who picked the file (the specs' texts where they have one). */
export const UploadErrors = {
  notAnImage: () => new DomainError(UploadError.NOT_AN_IMAGE, 'Please select an image file.'),
  wrongField: (field: string) => new DomainError(UploadError.WRONG_FIELD, `Please select an image file (send it in the multipart field "${field}").`),
  oneFileOnly: () => new DomainError(UploadError.ONE_FILE_ONLY, 'Please select a single image file.'),
  tooLarge: (maxBytes: number) => new DomainError(UploadError.TOO_LARGE, imageTooLargeMessage(maxBytes)),
  notMultipart: (field: string) => new DomainError(UploadError.NOT_MULTIPART, `Please send the image as multipart/form-data in the field "${field}".`),
  tooManyParts: (field: string, maxFields: number) =>
    new DomainError(
      ErrorCode.VALIDATION_FAILED,
      `Send only the image file in the multipart field "${field}" (at most ${maxFields} other fields, which are ignored).`,
    ),
  interrupted: () => new DomainError(UploadError.INTERRUPTED, 'The upload was interrupted. Please try again.'),
  unsupportedType: (type: ImageType) =>
    new DomainError(UploadError.UNSUPPORTED_TYPE, `${type.toUpperCase()} images are not supported. Please choose a JPEG, PNG or WebP photo.`),
  unreadable: () => new DomainError(UploadError.UNREADABLE, 'This image could not be read. Please choose another photo.'),
  tooManyPixels: () => new DomainError(UploadError.TOO_MANY_PIXELS, 'This image is too large to process. Please choose a smaller photo.'),
  storageUnavailable: () => new DomainError(UploadError.STORAGE_UNAVAILABLE, 'Photos cannot be saved right now. Please try again.'),
};
