import { pushEndpointAllowed } from './push-endpoints';

const DEFAULTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

describe(pushEndpointAllowed.name, () => {
  it("accepts the browsers' push services over https", () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc:def', DEFAULTS)).toBe(true);
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/gAAA', DEFAULTS)).toBe(true);
    expect(pushEndpointAllowed('https://web.push.apple.com/QGuX', DEFAULTS)).toBe(true);
    expect(pushEndpointAllowed('https://wns2-par02p.notify.windows.com/w/?token=x', DEFAULTS)).toBe(true);
  });

  it('refuses any other address, plain http, look-alike hosts and credentials', () => {
    expect(pushEndpointAllowed('http://fcm.googleapis.com/fcm/send/abc', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('https://fcm.googleapis.com.evil.example/x', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('https://evilpush.apple.com/x', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('https://push.apple.com/x', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('https://user:pw@fcm.googleapis.com/x', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('https://169.254.169.254/latest', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1:9999/push', DEFAULTS)).toBe(false);
    expect(pushEndpointAllowed('not a url', DEFAULTS)).toBe(false);
  });

  it('accepts plain http only on an origin the list names exactly (a loopback test receiver)', () => {
    const withReceiver = [...DEFAULTS, 'http://127.0.0.1:4567'];
    expect(pushEndpointAllowed('http://127.0.0.1:4567/push/1', withReceiver)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4568/push/1', withReceiver)).toBe(false);
    expect(pushEndpointAllowed('https://127.0.0.1:4567/push/1', withReceiver)).toBe(false);
  });
});
