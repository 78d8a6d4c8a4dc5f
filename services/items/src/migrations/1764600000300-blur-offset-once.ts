import { MigrationInterface, QueryRunner } from 'typeorm';
import { blurOffsetArray } from './1763800000303-public-position';

const DIGEST = `sha256(convert_to('curbside-blur:' || id::text, 'UTF8'))`;

/**
 * The same offset, computed the same way, in PL/pgSQL. The SQL function of 1763800000303 has a FROM clause, so
 * PostgreSQL cannot inline it and runs it through its SQL-function executor each time: ~90 µs a call, and an insert
 * calls it ten times (public_lat, public_lng, earth_pos and the three grid cells each ask for it), ~1 ms of CPU per
 * item written. PL/pgSQL evaluates the same expressions in ~15 µs. Same expression, same float operations in the
 * same order: every stored value stays what it is.
 */
export class BlurOffsetOnce1764600000300 implements MigrationInterface {
  name = 'BlurOffsetOnce1764600000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE OR REPLACE FUNCTION items.blur_offset(id uuid, lat float8) RETURNS float8[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
        DECLARE d bytea := ${DIGEST};
        BEGIN
          RETURN ${blurOffsetArray('d')};
        END
      $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE OR REPLACE FUNCTION items.blur_offset(id uuid, lat float8) RETURNS float8[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT ${blurOffsetArray('b.d')}
        FROM (SELECT ${DIGEST} AS d) b
      $$`);
  }
}
