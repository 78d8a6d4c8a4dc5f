import { NOTIFICATION_FLAG_DEFAULTS, type User } from '@curbside/contracts';
import type { FeedItem } from '../lib/items/item-rules';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: uuid(),
    username: 'CurbFan',
    points: 40,
    rank: 'Newbie',
    badges: [],
    scoutMode: false,
    subscriptionTier: 'free',
    profileFrame: false,
    firstName: null,
    generatedName: 'CurbFan',
    useGeneratedName: false,
    isVerified: false,
    verifiedName: null,
    verifiedEmail: null,
    verifiedPhone: null,
    verificationDate: null,
    smsSubscribed: false,
    hasCommentFeature: true,
    profilePicture: null,
    locationRadius: '2',
    notificationRadius: '2',
    quietHours: '22:00-07:00',
    alertEmail: null,
    createdAt: new Date().toISOString(),
    ...NOTIFICATION_FLAG_DEFAULTS,
    ...overrides,
  };
}

export function makeItem(overrides: Partial<FeedItem> = {}): FeedItem {
  const posterId = overrides.posterId ?? uuid();
  const now = Date.now();
  return {
    id: uuid(),
    title: 'Oak bookshelf',
    description: 'Solid, a bit scratched',
    category: 'Furniture',
    imageUrl: '/api/media/photos/x.webp',
    thumbnailUrl: '/api/media/photos/x-thumb.webp',
    status: 'available',
    posterId,
    poster: { id: posterId, username: 'Neighbour', rank: 'Scout' },
    claimedBy: null,
    claimedById: null,
    reservedById: null,
    reservedUntil: null,
    urgency: 'Priority Pickup',
    exactLocation: false,
    interestedUserIds: [],
    isInterested: false,
    hasVotedToday: false,
    commentCount: 0,
    queueLength: 0,
    queuePosition: null,
    lastConfirmedAt: new Date(now - 2 * 3_600_000).toISOString(),
    mayBeGone: false,
    pricingType: 'free',
    customAmount: null,
    timeLimit: 24,
    expiresAt: new Date(now + 5.5 * 3_600_000).toISOString(),
    createdAt: new Date(now - 2 * 3_600_000).toISOString(),
    latitude: '40.758',
    longitude: '-73.9855',
    locationDescription: null,
    isScoutFind: false,
    isGarageSale: false,
    garageSaleAddress: null,
    garageSaleStartTime: null,
    garageSaleEndTime: null,
    garageSaleContactInfo: null,
    interestCount: 0,
    voteCount: 0,
    stillThereCount: 0,
    lastStillThereCheck: null,
    ...overrides,
  };
}
