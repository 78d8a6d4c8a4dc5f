import { Injectable, Logger } from '@nestjs/common';
import { distanceMiles } from '@curbside/contracts';
import { ShortLivedCopies } from '@curbside/platform';
import { SpotlightsRepository } from './spotlights.repository';

/** How long the running spotlights' places are kept: a spotlight started on another replica shows in feeds within this. */
export const RUNNING_SPOTLIGHTS_TTL_MS = 2_000;
/** Beyond this many running spotlights the places are not kept and every first page asks the database. */
const MOST_KEPT = 2_000;
/**
 * The database measures on a slightly larger sphere than distanceMiles (earthdistance's earth(), 3963.2 mi, against
 * 3959): a spotlight counts as near when within the radius widened by this share.
 */
const RADIUS_MARGIN = 1.005;

/**
 * Whether a feed's first page may have a spotlight to lead with. Few spotlights run at a time, and most feeds have
 * none in their circle: their places (public positions) are kept for a moment, so those feeds skip the spotlights
 * statement, whose planning cost a database core a third of what the whole page cost (bench/README.md, "Scenario
 * `feed`"). A spotlight started here is seen at once; the statement itself still applies every filter.
 */
@Injectable()
export class RunningSpotlights {
  private readonly logger = new Logger(RunningSpotlights.name);
  private readonly places = new ShortLivedCopies<'running', { lat: number; lng: number }[] | null>(RUNNING_SPOTLIGHTS_TTL_MS);

  constructor(private readonly spotlights: SpotlightsRepository) {}

  /** True when a running spotlight is in the circle, when there are too many to keep, or when they could not be read. */
  async anyWithin(lat: number, lng: number, radiusMiles: number): Promise<boolean> {
    const places = await this.places
      .get('running', () => this.spotlights.runningPlaces(MOST_KEPT))
      .catch((error: unknown) => {
        // The page still gets its spotlights: the feed asks the database for them as if one ran here.
        this.logger.warn(`Reading the running spotlights failed, so the feed asks for them itself: ${(error as Error).message}`);
        return null;
      });
    if (places === null) return true;
    const reach = radiusMiles * RADIUS_MARGIN;
    return places.some((place) => distanceMiles({ lat, lng }, place) <= reach);
  }

  /** A spotlight started here: the next feed asks again. */
  started(): void {
    this.places.forget('running');
  }
}
