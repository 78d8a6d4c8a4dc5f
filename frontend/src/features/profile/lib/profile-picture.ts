import { ApiError } from '../../../lib/api-client';

/** Profile pictures: images of at most 2 MB (accounts spec §5, §9; the server enforces the same). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

export type PictureProblem =
  | { title: 'Invalid file type'; description: 'Please select an image file.' }
  | { title: 'File too large'; description: 'Please select an image smaller than 2MB.' };

export function pictureProblem(file: Pick<File, 'type' | 'size'>): PictureProblem | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please select an image file.' };
  if (file.size > MAX_PICTURE_BYTES) return { title: 'File too large', description: 'Please select an image smaller than 2MB.' };
  return null;
}

/** "Failed to upload profile picture", with the server's reason when it refused the picture. */
export function uploadFailure(error: unknown): string {
  const base = 'Failed to upload profile picture';
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) return `${base}: ${error.serverMessage}`;
  return base;
}

/** A still of the camera preview as a JPEG file, at most 1024 px on its longer side. */
export function captureFrame(video: HTMLVideoElement): Promise<File> {
  const scale = Math.min(1, 1024 / Math.max(video.videoWidth || 1, video.videoHeight || 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round((video.videoWidth || 640) * scale);
  canvas.height = Math.round((video.videoHeight || 480) * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot take a photo'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], 'camera.jpg', { type: 'image/jpeg' })) : reject(new Error('This browser cannot take a photo'))),
      'image/jpeg',
      0.9,
    ),
  );
}
