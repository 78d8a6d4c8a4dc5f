import { MigrationInterface, QueryRunner } from 'typeorm';
import { placeBlurOffsetFunction, remakePositionColumns } from './1765000000404-secret-blur';

/** A place, for the blur: a cell of 0.001° (~110 m north to south), its grid shifted by a fraction kept per member. */
const PLACE_DEGREES = 0.001;

/**
 * The blur's place shrinks from ~550 m to ~110 m. Inside a place every spot of a member moves by one offset, so anyone
 * who knows one exact spot and its public one (a holder sees the exact spot of the item they hold) had the offset,
 * and with it the exact spot of every other post and the wanted post that member has within those 550 m, which for
 * a wanted post is often their home. Now one known pair gives away only spots within ~110 m of a spot the holder
 * already stands at. Posts from one spot (a home) still share one offset, so averaging them comes no closer to it;
 * posts from many blocks around average to the middle of those blocks, as they would without any blur.
 *
 * The function gets a new key (nothing of the old one is kept), and every table that stores a public position gets
 * its generated columns and their indexes again (docs/security.md, "Where things are"): public positions move once.
 */
export class BlurPlacePerBlock1765000000410 implements MigrationInterface {
  name = 'BlurPlacePerBlock1765000000410';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(placeBlurOffsetFunction('CREATE OR REPLACE', PLACE_DEGREES));
    await remakePositionColumns(runner, 'items', 'poster_id');
    await remakePositionColumns(runner, 'saved_searches', 'user_id');
    await runner.query(`ANALYZE items.items, items.saved_searches`);
  }

  async down(): Promise<void> {
    throw new Error('BlurPlacePerBlock1765000000410 cannot be undone: the old key is gone, and with it the old offsets');
  }
}
