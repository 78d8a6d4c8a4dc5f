/**
 * The seven badges (docs/product-rules.md: the leaderboard dialog's rule set), in the order the leaderboard shows them.
 * The rules themselves are evaluated by the rewards service; the names and bonuses are shared with every client.
 * "Points earned" is the figure spending never lowers (docs/product-rules.md, "Points, two figures").
 */
export const BADGES = [
  { name: 'First Post Badge', bonusPoints: 10, rule: 'Make your first post' },
  { name: 'Scout Badge', bonusPoints: 25, rule: 'Post your first scout find' },
  { name: 'Community Helper', bonusPoints: 15, rule: 'Claim your first free item posted by someone else' },
  { name: 'Explorer Badge', bonusPoints: 50, rule: 'Reach 250 points earned' },
  { name: 'Scout Master Badge', bonusPoints: 100, rule: 'Post 10 scout finds and reach 500 points earned' },
  { name: 'Community Champion', bonusPoints: 150, rule: 'Claim items from 25 different members' },
  { name: 'Curb Legend', bonusPoints: 250, rule: 'Reach 1000 points earned and earn all six other badges' },
] as const;

export type BadgeName = (typeof BADGES)[number]['name'];
export const BADGE_NAMES = BADGES.map((b) => b.name) as [BadgeName, ...BadgeName[]];
