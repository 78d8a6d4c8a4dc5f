import { earlyRequest } from './early-request';

describe(earlyRequest.name, () => {
  it('hands the early answer to the first fetch of its key, once', async () => {
    const early = earlyRequest<string>();
    const request = vi.fn(async () => 'fresh');
    early.start('a', async () => 'early');
    expect(await early.fetch('a', request)).toBe('early');
    expect(await early.fetch('a', request)).toBe('fresh');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('ignores it for another key, and asks again when it failed', async () => {
    const early = earlyRequest<string>();
    early.start('a', async () => 'early');
    expect(await early.fetch('b', async () => 'fresh')).toBe('fresh');
    early.start('a', () => Promise.reject(new Error('offline')));
    expect(await early.fetch('a', async () => 'again')).toBe('again');
  });
});
