import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** services/photo-validation/test/fixtures: the photos themselves stay out of src (and of the build). */
export const FIXTURES_DIR = join(__dirname, '..', '..', 'test', 'fixtures');

/** The shipped test photos (see fixtures/LICENSES.md for where each comes from). */
export const FIXTURES = {
  furnitureChair: 'furniture-chair.jpg',
  /** The same chair photographed again: turned, closer, darker. What a neighbour's pickup photo of it looks like. */
  furnitureChairPickup: 'furniture-chair-pickup.jpg',
  person: 'person-astronaut.jpg',
  beerBottle: 'beer-bottle.jpg',
  coffeeCup: 'coffee-cup.jpg',
  cat: 'cat.jpg',
  blank: 'blank.png',
  notAnImage: 'not-an-image.jpg',
} as const;

export function fixture(name: (typeof FIXTURES)[keyof typeof FIXTURES]): Buffer {
  return readFileSync(join(FIXTURES_DIR, name));
}

/** A photo of several people that @vladmandic/human ships (MIT); read from the installed package, not copied. */
export function humanSamplesPhoto(): Buffer {
  return readFileSync(join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg'));
}
