import { ClaimError, ErrorCode, ItemError, UserError } from '@curbside/contracts/client';
import { ApiError } from '../../../lib/api-client';
import { claimErrorToast } from './claim-errors';

const answer = (status: number, body: object) => new ApiError(status, JSON.stringify(body), '');

describe('claimErrorToast', () => {
  it('maps the errors of spec §8 by their codes', () => {
    expect(claimErrorToast(answer(403, { code: ClaimError.PHOTO_FAILED, message: 'Photo verification failed', reason: 'A person is in the photo' }))).toEqual({
      title: 'Photo Verification Failed',
      description: 'A person is in the photo',
    });
    expect(claimErrorToast(answer(403, { code: ClaimError.PHOTO_FAILED, message: 'Photo verification failed: take a pickup photo' }))).toEqual({
      title: 'Photo Verification Failed',
      description: 'Your photo did not pass verification. Please retake it and try again.',
    });
    expect(claimErrorToast(answer(404, { code: UserError.NOT_FOUND, message: 'User not found' })).title).toBe('Account Error');
    expect(claimErrorToast(answer(404, { code: ItemError.NOT_FOUND, message: 'whatever the wording' }))).toEqual({
      title: 'Item Unavailable',
      description: 'This item is no longer available for claiming.',
    });
    // Held by another member, most often: the item is still listed and its line is open, so no "no longer available".
    expect(claimErrorToast(answer(409, { code: ItemError.NOT_AVAILABLE, message: 'This item is no longer available' }))).toEqual({
      title: 'Someone Got There First',
      description: 'Another neighbour has just reserved or claimed this item. While they hold it, you can get in line for it on its card.',
    });
    expect(claimErrorToast(answer(409, { code: 'CLAIM.HOLD_LIMIT', message: 'You can hold one item at a time' }))).toEqual({
      title: 'Claim failed',
      description: 'You can hold one item at a time',
    });
    const daily = 'You took 10 holds in the last 24 hours, the most a member may: your next hold is possible at 3:05 PM on Monday (UTC).';
    expect(claimErrorToast(answer(409, { code: ClaimError.DAILY_HOLDS, message: daily }))).toEqual({ title: 'Enough Holds For Today', description: daily });
    expect(claimErrorToast(new TypeError('Failed to fetch')).title).toBe('Failed to claim item');
  });

  it('never reads the wording: a message that names a case without its code is a plain failure', () => {
    expect(claimErrorToast(answer(404, { code: ErrorCode.NOT_FOUND, message: 'Item not found' })).title).toBe('Claim failed');
    expect(claimErrorToast(new ApiError(400, 'Photo verification failed', '')).title).toBe('Claim failed');
  });
});
