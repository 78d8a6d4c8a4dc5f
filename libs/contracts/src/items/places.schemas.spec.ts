import { placeQuerySchema } from './places.schemas';

describe('placeQuerySchema', () => {
  it.each(['10001', 'Portland, OR', 'St. Louis', "Coeur d'Alene", 'Winston-Salem', 'Española'])('takes %s', (q) => {
    expect(placeQuerySchema.safeParse({ q }).success).toBe(true);
  });

  // A lone surrogate in a URL arrives as U+FFFD; a NUL PostgreSQL cannot store: neither names a place.
  it.each(['Lamp \ufffd', 'Lamp\u0000', '<script>', 'a'])('refuses %j', (q) => {
    expect(placeQuerySchema.safeParse({ q }).success).toBe(false);
  });
});
