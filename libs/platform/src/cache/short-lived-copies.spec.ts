import { ShortLivedCopies } from './short-lived-copies';

describe(ShortLivedCopies.name, () => {
  it('asks once per key within its time, then again; requests meanwhile share one answer', async () => {
    let clock = 0;
    let loads = 0;
    const copies = new ShortLivedCopies<number, string>(1000, () => clock);
    const load = async () => `page ${++loads}`;
    const [first, second] = await Promise.all([copies.get(100, load), copies.get(100, load)]);
    expect([first, second, loads]).toEqual(['page 1', 'page 1', 1]);
    expect(await copies.get(10, load)).toBe('page 2');
    clock = 999;
    expect(await copies.get(100, load)).toBe('page 1');
    clock = 1000;
    expect(await copies.get(100, load)).toBe('page 3');
  });

  it('does not keep a failed answer', async () => {
    const copies = new ShortLivedCopies<string, string>(1000, () => 0);
    await expect(copies.get('top', () => Promise.reject(new Error('rewards is down')))).rejects.toThrow('rewards is down');
    expect(await copies.get('top', async () => 'page')).toBe('page');
  });

  it('keeps at most mostKept keys, dropping the copy made longest ago first', async () => {
    let loads = 0;
    const copies = new ShortLivedCopies<string, number>(1000, () => 0, 2);
    const load = async () => ++loads;
    await copies.get('a', load);
    await copies.get('b', load);
    await copies.get('c', load);
    expect(copies.size).toBe(2);
    expect(await copies.get('b', load)).toBe(2);
    expect(await copies.get('c', load)).toBe(3);
    expect(await copies.get('a', load)).toBe(4);
  });

  it('does not keep an answer whose load was under way when its key was forgotten', async () => {
    const copies = new ShortLivedCopies<string, string>(1000, () => 0);
    let finish: (value: string) => void = () => undefined;
    const before = copies.get('member', () => new Promise((r) => (finish = r)));
    copies.forget('member');
    finish('read before the change');
    expect(await before).toBe('read before the change');
    expect(await copies.get('member', async () => 'read after it')).toBe('read after it');
  });
});
