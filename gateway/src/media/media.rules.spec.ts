import { ifNoneMatchHits } from '../http/entity-tags';
import { entityTagFor, parseMediaKey } from './media.rules';

const ID = '0b5a1f3c-9d2e-4c7a-8f61-2a4b6c8d0e1f';

describe(parseMediaKey.name, () => {
  it('joins the wildcard segments Express 5 hands over into a key', () => {
    expect(parseMediaKey({ key: ['photos', `${ID}.webp`] })).toBe(`photos/${ID}.webp`);
    expect(parseMediaKey({ key: ['photos', `${ID}-thumb.webp`] })).toBe(`photos/${ID}-thumb.webp`);
    expect(parseMediaKey({ key: ['avatars', `${ID}.webp`] })).toBe(`avatars/${ID}.webp`);
  });

  it.each([
    [['..', '..', 'etc', 'passwd']],
    [['../../etc/passwd']],
    [['photos', '..', `${ID}.webp`]],
    [['photos', `${ID}.jpg`]],
    [['photos', `${ID.toUpperCase()}.webp`]],
    [['verifications', `${ID}.webp`]],
    [['photos', '', `${ID}.webp`]],
    [[]],
    [undefined],
    [42],
  ])('finds nothing at %j', (key) => {
    expect(parseMediaKey({ key })).toBeNull();
  });
});

describe(ifNoneMatchHits.name, () => {
  const tag = entityTagFor(`photos/${ID}.webp`);

  it('matches its own tag, weakly, in a list, or as *', () => {
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`"abc", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
  });

  it('does not match a missing header or another key’s tag', () => {
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('', tag)).toBe(false);
    expect(ifNoneMatchHits(entityTagFor(`photos/${ID}-thumb.webp`), tag)).toBe(false);
  });
});
