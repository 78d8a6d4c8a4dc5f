/** Ranks by points (docs/product-rules.md). Ordered from lowest to highest threshold. */
export const RANKS = [
  { name: 'Newbie', minPoints: 0 },
  { name: 'Scout', minPoints: 100 },
  { name: 'Curb Sprinter', minPoints: 250 },
  { name: 'First Dibs', minPoints: 500 },
  { name: 'Eco Warrior', minPoints: 1000 },
  { name: 'Curb Master', minPoints: 2500 },
] as const;

export type RankName = (typeof RANKS)[number]['name'];
export const RANK_NAMES = RANKS.map((r) => r.name) as [RankName, ...RankName[]];

export function rankForPoints(points: number): RankName {
  let rank: RankName = RANKS[0].name;
  for (const r of RANKS) if (points >= r.minPoints) rank = r.name;
  return rank;
}
