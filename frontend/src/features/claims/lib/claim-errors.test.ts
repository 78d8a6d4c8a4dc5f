import { ApiError } from '../../../lib/api-client';
import { claimErrorToast } from './claim-errors';

describe('claimErrorToast', () => {
  it('maps the server messages of spec §8', () => {
    expect(claimErrorToast(new ApiError(400, JSON.stringify({ message: 'Photo verification failed', reason: 'A person is in the photo' }), ''))).toEqual({
      title: 'Photo Verification Failed',
      description: 'A person is in the photo',
    });
    expect(claimErrorToast(new ApiError(400, 'Photo verification failed', '')).title).toBe('Photo Verification Failed');
    expect(claimErrorToast(new ApiError(404, JSON.stringify({ message: 'User not found' }), '')).title).toBe('Account Error');
    expect(claimErrorToast(new ApiError(404, JSON.stringify({ message: 'Item not found' }), ''))).toEqual({
      title: 'Item Unavailable',
      description: 'This item is no longer available for claiming.',
    });
    expect(claimErrorToast(new ApiError(409, JSON.stringify({ message: 'Already claimed' }), ''))).toEqual({ title: 'Claim failed', description: 'Already claimed' });
    expect(claimErrorToast(new TypeError('Failed to fetch')).title).toBe('Failed to claim item');
  });
});
