import { DEFAULT_NOTIFICATION_RADIUS, GARAGE_SALE_ALERTS_MESSAGE, NOTIFICATION_FLAG_DEFAULTS, notificationPreferencesRequestSchema } from '@curbside/contracts';
import { makeUser } from '../../../testing/factories';
import {
  ALERT_SWITCHES,
  alertsTiming,
  channelPromise,
  DEFAULT_RADIUS,
  DELIVERY_SWITCHES,
  GARAGE_SALE_HINT,
  preferencesRequest,
  quietHoursOf,
  settingsOf,
  toSliderRadius,
} from './notification-settings';

describe('notification settings', () => {
  it('have a switch for each of the eleven flags and the contracts’ words and default', () => {
    expect([...ALERT_SWITCHES, ...DELIVERY_SWITCHES].map((s) => s.key).sort()).toEqual(Object.keys(NOTIFICATION_FLAG_DEFAULTS).sort());
    expect(GARAGE_SALE_HINT).toBe(GARAGE_SALE_ALERTS_MESSAGE);
    expect(String(DEFAULT_RADIUS)).toBe(DEFAULT_NOTIFICATION_RADIUS);
  });

  it('put a stored radius on the slider’s half-mile scale between 0.5 and 10', () => {
    expect(toSliderRadius('2')).toBe(2);
    expect(toSliderRadius('2.5')).toBe(2.5);
    expect(toSliderRadius('25')).toBe(10);
    expect(toSliderRadius('0.1')).toBe(0.5);
    expect(toSliderRadius('abc')).toBe(2);
  });

  it('send every switch and the radius in a body the server accepts, garage sales only on Premium and Pro', () => {
    const user = makeUser({ enableGarageSaleAlerts: true, enableVotingAlerts: true, notificationRadius: '7.5' });
    const settings = settingsOf(user);
    const free = preferencesRequest(settings, 'free');
    expect(free).toMatchObject({ enableGarageSaleAlerts: false, enableVotingAlerts: true, notificationRadius: '7.5' });
    expect(preferencesRequest(settings, 'premium').enableGarageSaleAlerts).toBe(true);
    expect(notificationPreferencesRequestSchema.safeParse(free).success).toBe(true);
  });

  it("say what each channel does on the member's plan, SMS locked on Free", () => {
    expect(channelPromise('enablePushNotifications', 'free').text).toMatch(/^Item alerts 15 minutes after the post/);
    expect(channelPromise('enablePushNotifications', 'basic').text).toMatch(/^Item alerts 5 minutes after the post/);
    expect(channelPromise('enablePushNotifications', 'premium').text).toMatch(/^Item alerts at once;/);
    expect(channelPromise('enablePushNotifications', 'pro').text).toMatch(/^Item alerts at once, sent first/);
    expect(channelPromise('enableEmailNotifications', 'free')).toEqual({ text: expect.stringMatching(/^One digest a day at 18:00/), locked: false });
    expect(channelPromise('enableSmsNotifications', 'free').locked).toBe(true);
    // Item alerts are held in the app too, until the plan's time.
    expect(alertsTiming('free')).toBe('Item alerts 15 minutes after the post, in the app as everywhere else; everything else at once.');
    expect(alertsTiming('premium')).toMatch(/^Item alerts at once, in the app/);
    expect(channelPromise('enableSmsNotifications', 'basic')).toEqual({ text: expect.stringContaining('never in quiet hours'), locked: false });
  });

  it('edit quiet hours as on/off with two times, and never send SMS on a plan without it', () => {
    expect(quietHoursOf('22:00-07:00')).toEqual({ on: true, start: '22:00', end: '07:00' });
    expect(quietHoursOf('off')).toEqual({ on: false, start: '22:00', end: '07:00' });
    const settings = settingsOf(makeUser({ quietHours: '23:30-06:15', enableSmsNotifications: true }));
    expect(preferencesRequest(settings, 'basic')).toMatchObject({ quietHours: '23:30-06:15', enableSmsNotifications: true });
    expect(preferencesRequest({ ...settings, quietHours: { ...settings.quietHours, on: false } }, 'free')).toMatchObject({
      quietHours: 'off',
      enableSmsNotifications: false,
    });
    expect(notificationPreferencesRequestSchema.safeParse(preferencesRequest(settings, 'basic')).success).toBe(true);
  });
});
