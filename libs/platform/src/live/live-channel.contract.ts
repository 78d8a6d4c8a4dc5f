import type { LiveChannel } from './live-channel.port';
import { until } from '../testing/until';

export interface LiveChannelFixture {
  /** A new connection to the same channel (another process, as far as the channel can tell). */
  newChannel(): Promise<LiveChannel>;
}

/** The behaviour every LiveChannel adapter must have; run against each adapter. */
export function describeLiveChannelContract(name: string, setup: () => LiveChannelFixture): void {
  describe(`LiveChannel contract: ${name}`, () => {
    const fixture = setup();
    const open: LiveChannel[] = [];
    const channel = async () => {
      const c = await fixture.newChannel();
      open.push(c);
      return c;
    };
    afterAll(async () => {
      await Promise.allSettled(open.map((c) => c.close()));
    });

    it('delivers a signal to every subscriber of its topic, in every process, and to no other topic', async () => {
      const [publisher, first, second] = [await channel(), await channel(), await channel()];
      const heard: string[] = [];
      await first.subscribe('alerts', (p) => heard.push(`first:${(p as { n: number }).n}`));
      await second.subscribe('alerts', (p) => heard.push(`second:${(p as { n: number }).n}`));
      await second.subscribe('other', (p) => heard.push(`other:${(p as { n: number }).n}`));
      await publisher.publish('alerts', { n: 1 });
      await until(() => heard.length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.sort()).toEqual(['first:1', 'second:1']);
    });

    it('stops delivering after unsubscribe, and keeps nothing for late subscribers', async () => {
      const [publisher, listener] = [await channel(), await channel()];
      const heard: unknown[] = [];
      await publisher.publish('late', { n: 0 });
      const stop = await listener.subscribe('late', (p) => heard.push(p));
      await publisher.publish('late', { n: 1 });
      await until(() => heard.length === 1);
      stop();
      await publisher.publish('late', { n: 2 });
      await new Promise((r) => setTimeout(r, 150));
      expect(heard).toEqual([{ n: 1 }]);
    });

    it('hands each subscriber its own copy, and a failing subscriber does not stop the others', async () => {
      const [publisher, listener] = [await channel(), await channel()];
      const heard: { list: number[] }[] = [];
      await listener.subscribe('copies', () => {
        throw new Error('a broken listener');
      });
      await listener.subscribe('copies', (p) => {
        (p as { list: number[] }).list.push(99);
        heard.push(p as { list: number[] });
      });
      await listener.subscribe('copies', (p) => heard.push(p as { list: number[] }));
      await publisher.publish('copies', { list: [1] });
      await until(() => heard.length === 2);
      expect(heard.map((h) => h.list.length).sort()).toEqual([1, 2]);
    });
  });
}
