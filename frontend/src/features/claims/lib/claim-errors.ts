import { ApiError } from '../../../lib/api-client';

export interface ToastText {
  title: string;
  description: string;
}

function explanation(error: ApiError): string | undefined {
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === 'object') {
      for (const key of ['reason', 'explanation', 'details'] as const) {
        const value = (body as Record<string, unknown>)[key];
        if (typeof value === 'string' && value) return value;
      }
    }
  } catch {
    // plain-text body
  }
  return undefined;
}

/** The claim error mapping of spec §8, from the server's message. */
export function claimErrorToast(error: unknown): ToastText {
  if (!(error instanceof ApiError)) return { title: 'Failed to claim item', description: error instanceof Error ? error.message : String(error) };
  const message = error.serverMessage;
  if (message.includes('Photo verification failed')) {
    return { title: 'Photo Verification Failed', description: explanation(error) ?? 'Your photo did not pass verification. Please retake it and try again.' };
  }
  if (message.includes('User not found')) return { title: 'Account Error', description: 'Please refresh the page and try again.' };
  if (message.includes('Item not found') || message.includes('no longer available')) return { title: 'Item Unavailable', description: 'This item is no longer available for claiming.' };
  return { title: 'Claim failed', description: message };
}
