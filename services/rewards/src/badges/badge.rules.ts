import { BadgeName, BADGES } from '@curbside/contracts';

/** What the badge rules look at, as the ledger keeps it. */
export interface BadgeProgress {
  /** Points earned (net of reversed posts; spending in the shop does not lower it). */
  earnedPoints: number;
  posts: number;
  scoutFinds: number;
  /** Claims of free items posted by someone else. */
  helpedClaims: number;
  /** Different members whose items this user claimed. */
  membersClaimedFrom: number;
  held: ReadonlySet<BadgeName>;
}

const RULES: Record<BadgeName, (p: BadgeProgress) => boolean> = {
  'First Post Badge': (p) => p.posts >= 1,
  'Scout Badge': (p) => p.scoutFinds >= 1,
  'Community Helper': (p) => p.helpedClaims >= 1,
  'Explorer Badge': (p) => p.earnedPoints >= 250,
  'Scout Master Badge': (p) => p.scoutFinds >= 10 && p.earnedPoints >= 500,
  'Community Champion': (p) => p.membersClaimedFrom >= 25,
  'Curb Legend': (p) => p.earnedPoints >= 1000 && BADGES.every((b) => b.name === 'Curb Legend' || p.held.has(b.name)),
};

/** The badges this progress earns that are not held yet, in the order of docs/product-rules.md (Curb Legend last). */
export function newlyEarnedBadges(progress: BadgeProgress): BadgeName[] {
  return BADGES.map((b) => b.name).filter((name) => !progress.held.has(name) && RULES[name](progress));
}

export function badgeBonus(name: BadgeName): number {
  return BADGES.find((b) => b.name === name)?.bonusPoints ?? 0;
}
