import { feedQuery, spotlightsQuery, topFindsQuery } from './feed.query';

/**
 * The lists' statements run prepared on each connection (ItemsRepository.run), so their text must say only the
 * search's shape: two places with as many covering cells give one text, and every place and value is a parameter.
 */
describe('the lists’ statements', () => {
  const manhattan = { lat: 40.758, lng: -73.9855, radiusMiles: 5, limit: 50 };
  // As far north, and as far into its grid cells: as many cells cover it.
  const westward = { lat: 40.758, lng: -104.9855, radiusMiles: 5, limit: 50 };

  it.each([
    ['the feed', feedQuery],
    ['a search', (s: typeof manhattan) => feedQuery({ ...s, q: 'chair' })],
    ['a later page', (s: typeof manhattan) => feedQuery({ ...s, before: { createdAtMicros: '1764000000000000', id: '00000000-0000-4000-8000-000000000000' } })],
    ['the spotlights', spotlightsQuery],
    ['top finds', topFindsQuery],
  ])('%s: one text for two places of the same shape, the places in the parameters', (_, query) => {
    const here = query(manhattan);
    const there = query(westward);
    expect(there.text).toBe(here.text);
    expect(there.params).not.toEqual(here.params);
    for (const value of [manhattan.lat, manhattan.lng, 'chair']) expect(here.text).not.toContain(String(value));
  });

  it('has a search planned for its words every time, and everything else prepared', () => {
    expect(feedQuery({ ...manhattan, q: 'chair' }).planForValues).toBe(true);
    expect(spotlightsQuery({ ...manhattan, q: 'chair' }).planForValues).toBe(true);
    expect(feedQuery(manhattan).planForValues).toBe(false);
    expect(spotlightsQuery(manhattan).planForValues).toBe(false);
    expect(topFindsQuery(manhattan).planForValues).toBe(false);
  });

  it('computes the searcher’s point once per run, not per row a generic plan filters', () => {
    for (const { text } of [feedQuery(manhattan), feedQuery({ ...manhattan, q: 'chair' }), spotlightsQuery(manhattan), topFindsQuery(manhattan)]) {
      expect(text).not.toMatch(/earth_distance\(ll_to_earth/);
    }
  });
});
