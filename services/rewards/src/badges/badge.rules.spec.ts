import { BadgeName, BADGE_NAMES } from '@curbside/contracts';
import { BadgeProgress, newlyEarnedBadges } from './badge.rules';

const progress = (p: Partial<BadgeProgress>): BadgeProgress => ({
  earnedPoints: 0,
  posts: 0,
  scoutFinds: 0,
  helpedClaims: 0,
  membersClaimedFrom: 0,
  held: new Set(),
  ...p,
});

describe('badge rules (docs/product-rules.md)', () => {
  it('earns nothing with nothing done', () => {
    expect(newlyEarnedBadges(progress({}))).toEqual([]);
  });

  it('First Post, Scout and Community Helper on the first post, scout find and free claim from someone else', () => {
    expect(newlyEarnedBadges(progress({ posts: 1 }))).toEqual(['First Post Badge']);
    expect(newlyEarnedBadges(progress({ posts: 1, scoutFinds: 1, held: new Set(['First Post Badge']) }))).toEqual(['Scout Badge']);
    expect(newlyEarnedBadges(progress({ helpedClaims: 1 }))).toEqual(['Community Helper']);
  });

  it('Explorer at 250 points, not 249', () => {
    expect(newlyEarnedBadges(progress({ earnedPoints: 249 }))).toEqual([]);
    expect(newlyEarnedBadges(progress({ earnedPoints: 250 }))).toEqual(['Explorer Badge']);
  });

  it('Scout Master at 10 scout finds and 500 points, not 9 finds or 499 points', () => {
    const held = new Set<BadgeName>(['Scout Badge', 'Explorer Badge']);
    expect(newlyEarnedBadges(progress({ scoutFinds: 9, earnedPoints: 900, held }))).toEqual([]);
    expect(newlyEarnedBadges(progress({ scoutFinds: 10, earnedPoints: 499, held }))).toEqual([]);
    expect(newlyEarnedBadges(progress({ scoutFinds: 10, earnedPoints: 500, held }))).toEqual(['Scout Master Badge']);
  });

  it('Community Champion at 25 different members, not 24', () => {
    expect(newlyEarnedBadges(progress({ membersClaimedFrom: 24 }))).toEqual([]);
    expect(newlyEarnedBadges(progress({ membersClaimedFrom: 25 }))).toEqual(['Community Champion']);
  });

  it('Curb Legend at 1000 points with all six others, and never again once held', () => {
    const six = new Set<BadgeName>(BADGE_NAMES.filter((b) => b !== 'Curb Legend'));
    const five = new Set<BadgeName>([...six].filter((b) => b !== 'Community Champion'));
    const everything = { earnedPoints: 1000, posts: 1, scoutFinds: 10, helpedClaims: 1 };
    expect(newlyEarnedBadges(progress({ ...everything, earnedPoints: 999, membersClaimedFrom: 25, held: six }))).toEqual([]);
    expect(newlyEarnedBadges(progress({ ...everything, membersClaimedFrom: 24, held: five }))).toEqual([]);
    expect(newlyEarnedBadges(progress({ ...everything, membersClaimedFrom: 25, held: six }))).toEqual(['Curb Legend']);
    expect(newlyEarnedBadges(progress({ ...everything, membersClaimedFrom: 25, held: new Set(BADGE_NAMES) }))).toEqual([]);
  });
});
