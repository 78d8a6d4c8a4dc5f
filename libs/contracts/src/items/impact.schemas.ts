import { z } from 'zod';
import { latitudeSchema, longitudeSchema } from '../common/geo';

/** GET /api/impact?lat=&lng=: the point whose area (the feed's wide grid cell) is asked about. */
export const impactQuerySchema = z.object({ lat: latitudeSchema, lng: longitudeSchema });
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

/** Verified pickups and their estimated weight and CO₂e (docs/product-rules.md, "Impact"). */
const impactFiguresSchema = z.object({
  pickups: z.number().int().nonnegative(),
  kg: z.number().nonnegative(),
  co2eKg: z.number().nonnegative(),
});
export type ImpactFigures = z.infer<typeof impactFiguresSchema>;

/** The method behind every figure, as the service applies it: estimated kilograms per category and the CO₂e factor. */
export const impactMethodSchema = z.object({
  weightsKg: z.record(z.string(), z.number().positive()),
  /** Kilograms of CO₂e saved per kilogram reused. */
  co2ePerKg: z.number().positive(),
  source: z.string(),
});
export type ImpactMethod = z.infer<typeof impactMethodSchema>;

/**
 * One area's impact: never a position finer than the area itself (its bounds), never a member named. Weeks run
 * Monday to Sunday (UTC), oldest first, the current week last (still running); the totals and the categories cover
 * the same weeks.
 */
export const areaImpactSchema = z.object({
  area: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }),
  weeks: z.array(impactFiguresSchema.extend({ weekStart: z.iso.date() })),
  categories: z.array(impactFiguresSchema.extend({ category: z.string() })),
  totals: impactFiguresSchema,
  /**
   * The share of the area's verified pickups of the last `windowDays` days that the busiest tenth of its pickers
   * took (`topPickers` = ceil(10 % of `pickers`), at least one); null without any pickup.
   */
  fairness: z.object({
    windowDays: z.number().int().positive(),
    pickups: z.number().int().nonnegative(),
    pickers: z.number().int().nonnegative(),
    topPickers: z.number().int().nonnegative(),
    topShare: z.number().min(0).max(1).nullable(),
  }),
  method: impactMethodSchema,
});
export type AreaImpact = z.infer<typeof areaImpactSchema>;

/** One member's impact, all time: what they gave (their posts picked up) and what they picked up. Public, like rank and points. */
export const memberImpactSchema = z.object({
  given: impactFiguresSchema,
  pickedUp: impactFiguresSchema,
  totals: impactFiguresSchema,
});
export type MemberImpact = z.infer<typeof memberImpactSchema>;
