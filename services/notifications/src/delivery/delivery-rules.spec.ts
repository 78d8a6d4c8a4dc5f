import { channelsFor, deliveryRank, inQuietHours, MemberAtDelivery } from './delivery-rules';

const at = (iso: string) => new Date(iso);

describe('alert order', () => {
  it('puts pro members first, then immediate alerts, then the rest', () => {
    expect(deliveryRank({ tier: 'pro', immediate: false })).toBeLessThan(deliveryRank({ tier: 'premium', immediate: true }));
    expect(deliveryRank({ tier: 'premium', immediate: true })).toBeLessThan(deliveryRank({ tier: 'premium', immediate: false }));
  });
});

describe('quiet hours', () => {
  it("are 22:00-07:00 in the member's own time zone by default", () => {
    // 03:30 UTC is 23:30 in New York (EDT) and 05:30 in Paris (CEST): quiet in both; 12:00 UTC in neither.
    expect(inQuietHours(at('2026-06-01T03:30:00Z'), 'America/New_York', null)).toBe(true);
    expect(inQuietHours(at('2026-06-01T03:30:00Z'), 'Europe/Paris', null)).toBe(true);
    expect(inQuietHours(at('2026-06-01T12:00:00Z'), 'America/New_York', null)).toBe(false);
    // 22:00 is in, 07:00 is out.
    expect(inQuietHours(at('2026-06-02T02:00:00Z'), 'America/New_York', null)).toBe(true);
    expect(inQuietHours(at('2026-06-01T11:00:00Z'), 'America/New_York', null)).toBe(false);
  });

  it("follow the member's own choice, or never apply when off", () => {
    expect(inQuietHours(at('2026-06-01T13:30:00Z'), 'UTC', '13:00-14:00')).toBe(true);
    expect(inQuietHours(at('2026-06-01T14:00:00Z'), 'UTC', '13:00-14:00')).toBe(false);
    expect(inQuietHours(at('2026-06-01T03:30:00Z'), 'UTC', 'off')).toBe(false);
  });
});

describe(channelsFor.name, () => {
  const member = (over: Partial<MemberAtDelivery> = {}): MemberAtDelivery => ({
    tier: 'basic',
    flags: { enablePushNotifications: true, enableEmailNotifications: true, enableSmsNotifications: true },
    quietHours: 'off',
    timeZone: 'UTC',
    ...over,
  });
  const noon = at('2026-06-01T12:00:00Z');
  const night = at('2026-06-01T23:00:00Z');

  it('uses each channel its switch and plan allow: e-mail and SMS from basic up', () => {
    expect(channelsFor('new_item_alert', member(), noon)).toEqual(['push', 'email', 'sms']);
    expect(channelsFor('new_item_alert', member({ tier: 'free' }), noon)).toEqual(['push']);
    expect(
      channelsFor('new_item_alert', member({ flags: { enablePushNotifications: false, enableEmailNotifications: false, enableSmsNotifications: true } }), noon),
    ).toEqual(['sms']);
    // Unknown switches take their defaults: push on, e-mail and SMS off.
    expect(channelsFor('new_item_alert', member({ flags: null }), noon)).toEqual(['push']);
  });

  it('keeps item alerts in the app during quiet hours, pushes "You\'re up" and messages, and never texts', () => {
    const quiet = member({ quietHours: null });
    expect(channelsFor('new_item_alert', quiet, night)).toEqual([]);
    expect(channelsFor('item_picked_up', quiet, night)).toEqual([]);
    expect(channelsFor('you_are_up', quiet, night)).toEqual(['push', 'email']);
    expect(channelsFor('handover_message', quiet, night)).toEqual(['push', 'email']);
    expect(channelsFor('you_are_up', quiet, noon)).toEqual(['push', 'email', 'sms']);
  });
});
