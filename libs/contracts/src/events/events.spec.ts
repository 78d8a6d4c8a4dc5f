import { EVENT_PRODUCERS, Events, producerOf } from './events';

describe('events', () => {
  it('each have one service that emits them', () => {
    const produced = Object.values(EVENT_PRODUCERS).flat();
    expect(new Set(produced).size).toBe(produced.length);
    expect(new Set(produced)).toEqual(new Set(Object.values(Events)));
    expect(producerOf(Events.pointsAwarded)).toBe('rewards');
    expect(producerOf({ subject: 'test.note-written.v1' })).toBeUndefined();
  });
});
