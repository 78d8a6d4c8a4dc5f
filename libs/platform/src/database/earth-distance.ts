/**
 * SQL for the great-circle distance in meters between two earth positions (`a` and `b`, SQL of `cube` or `earth`
 * values): the value earthdistance's `earth_distance(a, b)` gives, to the last bit, at about a tenth of its cost per
 * row. earth_distance casts both arguments to the `earth` domain (whose checks run for every row) and calls
 * `sec_to_gc`, a SQL function PostgreSQL cannot inline (it is STRICT and its CASE is not), so each row runs it through
 * the SQL function executor: ~2 µs a row on this project's machine, against ~0.2 µs for the same arithmetic written out
 * (bench/README.md, "The distance written out"). That is the chord `cube_distance` measures, turned into the arc it
 * spans on earth() (an inlined constant); `least` stands for sec_to_gc's cap at half the globe.
 */
export const earthDistanceSql = (a: string, b: string): string => `(2 * earth() * asin(least(cube_distance(${a}, ${b}) / (2 * earth()), 1)))`;
