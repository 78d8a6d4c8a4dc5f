import { PushReceiver } from '@curbside/testing';
import webpush from 'web-push';
import { PushToSend } from './push-sender';
import { PushSendingThreads } from './push-sending.threads';

/**
 * The push threads against a push service of the test's own on loopback, which decrypts every push and checks its
 * VAPID token: what a thread sends is what a browser would show, and batches still waiting when the threads go are
 * sent from the caller's thread instead of being lost.
 */
describe(PushSendingThreads.name, () => {
  let receiver: PushReceiver;
  const vapid = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    receiver = await PushReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const pushesTo = (tag: string, count: number): PushToSend[] => {
    const { Authorization } = webpush.getVapidHeaders(receiver.origin, 'mailto:alerts@curbside.test', vapid.publicKey, vapid.privateKey, 'aes128gcm') as {
      Authorization: string;
    };
    return Array.from({ length: count }, (_, i) => {
      const { endpoint, keys } = receiver.subscription(`${tag}-${i}`);
      return { endpoint, ...keys, payload: JSON.stringify({ title: `Alert ${i}` }), authorization: Authorization, urgency: 'normal', ttlSeconds: 60 };
    });
  };

  it('encrypts and posts a batch on a thread, answering the push service’s status for each push in order', async () => {
    const threads = new PushSendingThreads(2);
    try {
      const results = await threads.send(pushesTo('batch', 40));
      expect(results).toEqual(Array.from({ length: 40 }, () => ({ status: 201 })));
      expect(receiver.to('batch-17')).toEqual([expect.objectContaining({ payload: { title: 'Alert 17' }, vapidKey: vapid.publicKey, ttl: '60' })]);
      expect(receiver.refused).toEqual([]);
    } finally {
      await threads.close();
    }
  });

  it('sends the batches still waiting when the threads close from the caller’s thread, so every browser gets its push', async () => {
    const threads = new PushSendingThreads(1);
    const pushes = [pushesTo('early', 30), pushesTo('late', 30)];
    const sent = pushes.map((batch) => threads.send(batch));
    await threads.close();
    const results = await Promise.all(sent);
    expect(results.flat()).toEqual(Array.from({ length: 60 }, () => ({ status: 201 })));
    for (const tag of ['early', 'late']) for (let i = 0; i < 30; i++) expect(receiver.to(`${tag}-${i}`).length).toBeGreaterThanOrEqual(1);
    // Closed threads send from the caller's thread from then on.
    expect(await threads.send(pushesTo('after', 2))).toEqual([{ status: 201 }, { status: 201 }]);
    expect(receiver.refused).toEqual([]);
  });

  it('answers an error for a browser key that cannot be used, and still sends the rest of its batch', async () => {
    const threads = new PushSendingThreads(1);
    try {
      const [bad, good] = pushesTo('keys', 2);
      const results = await threads.send([{ ...bad, p256dh: 'not-a-key' }, good]);
      expect(results[0]).toEqual({ error: expect.any(String) });
      expect(results[1]).toEqual({ status: 201 });
    } finally {
      await threads.close();
    }
  });
});
