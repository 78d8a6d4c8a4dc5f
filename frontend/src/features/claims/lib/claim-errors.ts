import { ClaimError, ItemError, UserError } from '@curbside/contracts/client';
import { ApiError, hasErrorCode } from '../../../lib/api-client';

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

const NOT_AVAILABLE_TEXT = 'Another neighbour has just reserved or claimed this item. While they hold it, you can get in line for it on its card.';

/** The claim error mapping of spec §8, by the error's code (the server's wording may change; its codes do not). */
export function claimErrorToast(error: unknown): ToastText {
  if (!(error instanceof ApiError)) return { title: 'Failed to claim item', description: error instanceof Error ? error.message : String(error) };
  if (hasErrorCode(error, ClaimError.PHOTO_FAILED)) {
    return { title: 'Photo Verification Failed', description: explanation(error) ?? 'Your photo did not pass verification. Please retake it and try again.' };
  }
  if (hasErrorCode(error, UserError.NOT_FOUND)) return { title: 'Account Error', description: 'Please refresh the page and try again.' };
  if (hasErrorCode(error, ItemError.NOT_FOUND)) return { title: 'Item Unavailable', description: 'This item is no longer available for claiming.' };
  // Still listed, most often: another member holds it (or has just picked it up). While it is held, its card offers the
  // line behind the hold (docs/product-rules.md, "Queue"), so the words must not make people give up on it.
  if (hasErrorCode(error, ItemError.NOT_AVAILABLE)) return { title: 'Someone Got There First', description: NOT_AVAILABLE_TEXT };
  // The server's message names the day holds come back (docs/product-rules.md, "No-shows").
  if (hasErrorCode(error, ClaimError.HOLDS_SUSPENDED)) return { title: 'Holds Paused', description: error.serverMessage };
  // The server's message names when the next hold is possible (docs/product-rules.md, "Holds a day").
  if (hasErrorCode(error, ClaimError.DAILY_HOLDS)) return { title: 'Enough Holds For Today', description: error.serverMessage };
  return { title: 'Claim failed', description: error.serverMessage };
}

/** Someone else holds or took the item: the sheet's offer no longer stands, and the card shows the item as it is now. */
export function isTakenByOther(error: unknown): boolean {
  return hasErrorCode(error, ItemError.NOT_AVAILABLE);
}
