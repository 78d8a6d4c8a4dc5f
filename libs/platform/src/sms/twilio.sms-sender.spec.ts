import { TwilioSmsSender } from './twilio.sms-sender';

interface CapturedRequest {
  method: string;
  uri: string;
  data?: Record<string, string>;
  username?: string;
}

describe(TwilioSmsSender.name, () => {
  it('sends through the SDK with our number, to the E.164 number, with the text', async () => {
    const requests: CapturedRequest[] = [];
    const httpClient = {
      async request(opts: CapturedRequest) {
        requests.push(opts);
        return { statusCode: 201, body: { sid: 'SM123', status: 'queued' }, headers: {} };
      },
    };
    const sender = new TwilioSmsSender({
      accountSid: 'AC00000000000000000000000000000000',
      authToken: 'secret',
      from: '+15550000000',
      httpClient: httpClient as never,
    });
    await sender.send('+15551234567', 'Your Curbside code is 123456');
    expect(requests).toHaveLength(1);
    expect(requests[0].method.toLowerCase()).toBe('post');
    expect(requests[0].uri).toMatch(/\/Accounts\/AC0+\/Messages\.json$/);
    expect(requests[0].data).toMatchObject({ To: '+15551234567', From: '+15550000000', Body: 'Your Curbside code is 123456' });
  });

  it('fails loudly when the provider refuses', async () => {
    const sender = new TwilioSmsSender({
      accountSid: 'AC00000000000000000000000000000000',
      authToken: 'secret',
      from: '+15550000000',
      httpClient: { request: async () => ({ statusCode: 400, body: { code: 21211, message: "The 'To' number is not valid." }, headers: {} }) } as never,
    });
    await expect(sender.send('+1555', 'x')).rejects.toThrow(/not valid/);
  });
});
