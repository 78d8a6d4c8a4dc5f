import { BADGE_ANIMATION_TRIGGER as CONTRACT_TRIGGER, LIVE_STREAM_PATH as CONTRACT_PATH, LiveEvent, type Notification } from '@curbside/contracts';
import { BADGE_ANIMATION_TRIGGER, LIVE_EVENT, LIVE_STREAM_PATH } from './live-constants';
import {
  celebrationFor,
  distanceLabel,
  itemLinkOf,
  notificationMessage,
  parseNotificationData,
  redemptionLinkOf,
  relativeTime,
  titleColour,
} from './notification-data';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function badge(overrides: Partial<Notification> = {}): Notification {
  return {
    id: crypto.randomUUID(),
    type: 'ranking_alert',
    title: 'Badge Earned: First Post Badge',
    message: 'You earned the "First Post Badge" and 10 bonus points!',
    isRead: false,
    createdAt: ago(5_000),
    data: JSON.stringify({ badgeName: 'First Post Badge', animationTrigger: 'badge_earned', bonusPoints: 10 }),
    ...overrides,
  };
}

describe('local copies of the live channel contract', () => {
  it('match the contracts', () => {
    expect(LIVE_STREAM_PATH).toBe(CONTRACT_PATH);
    expect(LIVE_EVENT).toEqual(LiveEvent);
    expect(BADGE_ANIMATION_TRIGGER).toBe(CONTRACT_TRIGGER);
  });
});

describe('notification data', () => {
  it('treats text that is not a JSON object as empty', () => {
    expect(parseNotificationData('{not json')).toEqual({});
    expect(parseNotificationData('')).toEqual({});
    expect(parseNotificationData('[1,2]')).toEqual({});
    expect(parseNotificationData('"text"')).toEqual({});
    expect(parseNotificationData('{"distance":0.4}')).toEqual({ distance: 0.4 });
  });

  it('shows a distance as "{distance} mi" only when there is one', () => {
    expect(distanceLabel({ distance: 0.4 })).toBe('0.4 mi');
    expect(distanceLabel({ distance: '1.5' })).toBe('1.5 mi');
    expect(distanceLabel({})).toBeNull();
    expect(distanceLabel({ distance: 'far' })).toBeNull();
  });

  it('colours titles by type', () => {
    expect(titleColour('first_dibs_confirmation')).toContain('green');
    expect(titleColour('pickup_request')).toContain('blue');
    expect(titleColour('ranking_update')).toContain('purple');
    expect(titleColour('content_violation')).toContain('red');
    expect(titleColour('post_expiring')).toContain('orange');
    expect(titleColour('new_item_alert')).toContain('slate');
  });

  it('words relative times with the right plurals', () => {
    expect(relativeTime(ago(20_000), NOW)).toBe('less than a minute ago');
    expect(relativeTime(ago(60_000), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3_600_000), NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(2 * 86_400_000), NOW)).toBe('2 days ago');
  });
});

describe(celebrationFor.name, () => {
  it('celebrates the newest badge notification within 30 s', () => {
    const older = badge({
      createdAt: ago(20_000),
      title: 'Badge Earned: Scout Badge',
      data: JSON.stringify({ badgeName: 'Scout Badge', animationTrigger: 'badge_earned' }),
    });
    const newest = badge({ createdAt: ago(2_000) });
    expect(celebrationFor([older, newest], null, NOW)).toMatchObject({ notificationId: newest.id, badgeName: 'First Post Badge' });
  });

  it('does not celebrate one older than 30 s, one already shown, or other notifications', () => {
    expect(celebrationFor([badge({ createdAt: ago(31_000) })], null, NOW)).toBeNull();
    const shown = badge();
    expect(celebrationFor([shown], shown.createdAt, NOW)).toBeNull();
    expect(celebrationFor([badge({ type: 'ranking_update', title: 'Rank Up!' })], null, NOW)).toBeNull();
    expect(celebrationFor([badge({ data: JSON.stringify({ badgeName: 'X', animationTrigger: 'confetti' }) })], null, NOW)).toBeNull();
  });

  it('falls back to the quoted badge name in the message when the data cannot be read', () => {
    expect(celebrationFor([badge({ data: '{oops' })], null, NOW)?.badgeName).toBe('First Post Badge');
  });
});

describe(notificationMessage.name, () => {
  const pickedUp = (minutesAgo: number) => ({
    type: 'item_picked_up' as const,
    message: '"Oak chair" was picked up by a neighbour.',
    data: JSON.stringify({ itemId: 'x', pickedUpAt: new Date(NOW - minutesAgo * 60_000).toISOString() }),
  });

  it('says how long ago an item was picked up, from the pickup time', () => {
    expect(notificationMessage(pickedUp(12), NOW)).toBe('"Oak chair" was picked up 12 min ago');
    expect(notificationMessage(pickedUp(0), NOW)).toBe('"Oak chair" was picked up just now');
    expect(notificationMessage(pickedUp(0.9), NOW)).toBe('"Oak chair" was picked up just now');
    expect(notificationMessage(pickedUp(1), NOW)).toBe('"Oak chair" was picked up 1 min ago');
    expect(notificationMessage(pickedUp(3 * 24 * 60), NOW)).toBe('"Oak chair" was picked up 3 days ago');
    expect(notificationMessage(pickedUp(150), NOW)).toBe('"Oak chair" was picked up 2 h ago');
  });

  it("says a hold's end in the member's local time, not the UTC the server wrote", () => {
    const until = '2026-11-24T14:05:00.000Z';
    const local = new Date(until).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
    const held = {
      type: 'first_dibs_confirmation' as const,
      message: '"Oak chair" is held for you until 14:05 UTC: pick it up and claim it with a photo.',
      data: JSON.stringify({ itemId: 'x', reservedUntil: until }),
    };
    expect(notificationMessage(held, NOW)).toBe(`"Oak chair" is held for you until ${local}: pick it up and claim it with a photo.`);
    expect(notificationMessage(held, NOW)).not.toContain('UTC');
  });

  it("rewrites a hold's end the server wrote in the zone of the member's position, in the browser's own time", () => {
    const until = '2026-11-24T14:05:00.000Z';
    const local = new Date(until).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
    for (const written of ['9:05 AM EST', '7:35 PM GMT+5:30', '3:05 PM GMT+1', '2:05 PM GMT']) {
      const held = {
        type: 'first_dibs_confirmation' as const,
        message: `"Oak chair" is held for you until ${written}: pick it up and claim it with a photo.`,
        data: JSON.stringify({ itemId: 'x', reservedUntil: until }),
      };
      expect(notificationMessage(held, NOW)).toBe(`"Oak chair" is held for you until ${local}: pick it up and claim it with a photo.`);
    }
  });

  it("says when a queue's hold ends for the member in local time too (You're Up)", () => {
    const until = '2026-11-24T14:05:00.000Z';
    const local = new Date(until).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
    const up = {
      type: 'you_are_up' as const,
      message: '"Oak chair" is held for you until 14:05 UTC: pick it up and claim it with a photo.',
      data: JSON.stringify({ itemId: 'x', reservedUntil: until }),
    };
    expect(notificationMessage(up, NOW)).toBe(`"Oak chair" is held for you until ${local}: pick it up and claim it with a photo.`);
  });

  it('leaves other notifications, and a pickup without its time, as they are', () => {
    expect(notificationMessage({ ...pickedUp(1), data: '' }, NOW)).toBe('"Oak chair" was picked up by a neighbour.');
    expect(notificationMessage({ type: 'you_are_up', message: 'Go', data: '' }, NOW)).toBe('Go');
  });
});

describe(redemptionLinkOf.name, () => {
  it('sends a redemption’s news to the shop, where its status shows, and nothing else there', () => {
    expect(redemptionLinkOf({ type: 'reward_update' })).toBe('/shop');
    expect(redemptionLinkOf({ type: 'ranking_update' })).toBeNull();
    expect(itemLinkOf({ type: 'reward_update', data: '{"redemptionId":"0f8fad5b-d9cb-469f-a165-70867728950e"}' })).toBeNull();
  });
});
