import { ImageUploadLimits, imageTooLargeMessage } from '@curbside/contracts';
import { ApiError } from '../../../lib/api-client';
import { makeItem } from '../../../testing/factories';
import { MAX_PICTURE_BYTES, pictureProblem, uploadFailure } from './profile-picture';
import { profileStats } from './profile-stats';

describe('profile picture rules', () => {
  it('take images up to 2 MB, as the server does', () => {
    expect(MAX_PICTURE_BYTES).toBe(ImageUploadLimits.profilePicture.maxBytes);
    expect(pictureProblem({ type: 'image/png', size: MAX_PICTURE_BYTES })).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: MAX_PICTURE_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: imageTooLargeMessage(MAX_PICTURE_BYTES),
    });
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select an image file.' });
  });

  it('say why an upload failed when the server refused it', () => {
    expect(uploadFailure(new ApiError(413, '{"message":"Please select an image smaller than 2MB."}', ''))).toBe(
      'Failed to upload profile picture: Please select an image smaller than 2MB.',
    );
    expect(uploadFailure(new ApiError(500, '', 'Internal Server Error'))).toBe('Failed to upload profile picture');
    expect(uploadFailure(new Error('offline'))).toBe('Failed to upload profile picture');
  });
});

describe('profileStats', () => {
  it('counts the user’s own posts, scout finds and votes, not what they claimed', () => {
    const me = 'me';
    const items = [
      makeItem({ posterId: me, voteCount: 3 }),
      makeItem({ posterId: me, isScoutFind: true, voteCount: 1 }),
      makeItem({ posterId: 'neighbour', voteCount: 9, claimedById: me }),
    ];
    expect(profileStats(me, items)).toEqual({ itemsPosted: 2, scoutFinds: 1, votesReceived: 4 });
  });
});
