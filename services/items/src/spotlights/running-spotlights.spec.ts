import { Logger } from '@nestjs/common';
import { RunningSpotlights } from './running-spotlights';
import { SpotlightsRepository } from './spotlights.repository';

/** A feed's first page asks for spotlights only when one runs in its circle; any doubt means it asks. */
describe(RunningSpotlights.name, () => {
  const seattle = { lat: 47.6062, lng: -122.3321 };
  /** Running spotlights' places as the repository answers them, counting how often it was asked. */
  const repositoryOf = (answer: () => Promise<{ lat: number; lng: number }[] | null>) => {
    const asked = { count: 0 };
    const repository = { runningPlaces: () => ((asked.count += 1), answer()) } as unknown as SpotlightsRepository;
    return { repository, asked };
  };

  it('says yes for a circle holding a running spotlight and no for one that does not, asking the database once for both', async () => {
    // About 1.4 miles north of the centre.
    const { repository, asked } = repositoryOf(async () => [{ lat: seattle.lat + 0.02, lng: seattle.lng }]);
    const running = new RunningSpotlights(repository);
    expect(await running.anyWithin(seattle.lat, seattle.lng, 2)).toBe(true);
    expect(await running.anyWithin(seattle.lat, seattle.lng, 1)).toBe(false);
    expect(await running.anyWithin(40.7128, -74.006, 100)).toBe(false);
    expect(asked.count).toBe(1);
  });

  it('asks again at once after a spotlight started here', async () => {
    let places = [] as { lat: number; lng: number }[];
    const { repository, asked } = repositoryOf(async () => places);
    const running = new RunningSpotlights(repository);
    expect(await running.anyWithin(seattle.lat, seattle.lng, 5)).toBe(false);
    places = [seattle];
    running.started();
    expect(await running.anyWithin(seattle.lat, seattle.lng, 5)).toBe(true);
    expect(asked.count).toBe(2);
  });

  it('says yes when there are too many spotlights to keep, and when they could not be read, which it logs', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(await new RunningSpotlights(repositoryOf(async () => null).repository).anyWithin(seattle.lat, seattle.lng, 1)).toBe(true);
      expect(warn).not.toHaveBeenCalled();
      expect(
        await new RunningSpotlights(repositoryOf(() => Promise.reject(new Error('connection lost'))).repository).anyWithin(seattle.lat, seattle.lng, 1),
      ).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('connection lost'));
    } finally {
      warn.mockRestore();
    }
  });
});
