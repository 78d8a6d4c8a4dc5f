import type { UploadResponse } from '@curbside/contracts';
import { apiPath, IDEMPOTENCY_KEY_HEADER, ITEM_PHOTO_FIELD, ITEM_PHOTO_MAX_BYTES, ItemMessages } from '@curbside/contracts/client';
import type { ChangeEvent } from 'react';
import { toast } from '../components/ui/toast-store';
import { ApiError } from './api-client';
import { withOneKey } from './send-once';

export const MAX_PHOTO_BYTES = ITEM_PHOTO_MAX_BYTES;

/**
 * The photo a file input was just given, or null: none, or one over MAX_PHOTO_BYTES (the member is told why). The
 * input is emptied, so choosing the same file again is heard.
 */
export function pickedPhoto(event: ChangeEvent<HTMLInputElement>): File | null {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  if (file.size > MAX_PHOTO_BYTES) {
    toast({ title: 'File too large', description: ItemMessages.imageTooLarge, variant: 'destructive' });
    return null;
  }
  return file;
}

/**
 * POST /api/upload as multipart field `photo`. XHR rather than fetch because only XHR reports upload
 * progress. Resolves with the photo URL (the client reads imageUrl, or url). One choice of a photo is one
 * Idempotency-Key: a retry after a lost answer gets the same URL, and no second copy is stored.
 */
export function uploadPhoto(file: File, onProgress?: (percent: number) => void, retryDelaysMs?: readonly number[]): Promise<string> {
  return withOneKey((key) => sendPhoto(file, key, onProgress), retryDelaysMs);
}

function sendPhoto(file: File, key: string, onProgress?: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath('upload'));
    xhr.withCredentials = true;
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, key);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        const answer = JSON.parse(xhr.responseText) as Partial<UploadResponse>;
        const url = answer.imageUrl ?? answer.url;
        if (!url) throw new Error('The upload answered without a photo URL');
        onProgress?.(100);
        resolve(url);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    // A TypeError, as fetch's: no answer came, so the same key may be sent again (lib/send-once.ts).
    xhr.onerror = () => reject(new TypeError('Network error while uploading'));
    const form = new FormData();
    form.append(ITEM_PHOTO_FIELD, file);
    xhr.send(form);
  });
}
