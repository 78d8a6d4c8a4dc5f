/** Pickup photos go as JPEG at quality 0.8 (spec §9), scaled so the JSON body stays well under the 1 MB limit. */
export const JPEG_QUALITY = 0.8;
const MAX_EDGE = 1280;

function drawScaled(source: CanvasImageSource, width: number, height: number): string {
  const scale = Math.min(1, MAX_EDGE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot process photos');
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}

export function captureVideoFrame(video: HTMLVideoElement): string {
  return drawScaled(video, video.videoWidth, video.videoHeight);
}

export async function encodeFile(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    return drawScaled(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The server wants the bare base64, without "data:image/jpeg;base64,". */
export function stripDataUrl(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
