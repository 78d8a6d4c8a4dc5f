import type { BadgeName, LeaderboardEntry } from '@curbside/contracts';

/** Spec §9: rows show up to 3 badges, then "+N more". */
export const ROW_BADGES = 3;

export function visibleBadges(badges: readonly string[]): { shown: string[]; more: number } {
  return { shown: badges.slice(0, ROW_BADGES), more: Math.max(0, badges.length - ROW_BADGES) };
}

/** Spec §2: the first three entries that hold at least one badge. */
export function topAchievers(entries: readonly LeaderboardEntry[]): LeaderboardEntry[] {
  return entries.filter((e) => e.badges.length > 0).slice(0, 3);
}

/** Rank titles with their own colour (spec §3); any other rank is neutral. Text colours meet AA on their fill. */
const RANK_CHIP: Record<string, string> = {
  'Curb Master': 'bg-amber-100 text-amber-900',
  'Eco Warrior': 'bg-emerald-100 text-emerald-900',
  'First Dibs': 'bg-violet-100 text-violet-900',
  'Curb Sprinter': 'bg-sky-100 text-sky-900',
  Scout: 'bg-orange-100 text-orange-900',
};

export function rankChipClass(rank: string): string {
  return RANK_CHIP[rank] ?? 'bg-slate-100 text-slate-800';
}

/** What the badge dialogs say beyond the shared rule and bonus: a description and a category. */
export const BADGE_DETAILS: Record<BadgeName, { description: string; category: string }> = {
  'First Post Badge': { description: 'Welcome to the curb! You shared your first item with the neighbourhood.', category: 'Posting' },
  'Scout Badge': { description: 'You spotted something worth saving and posted it as a scout find.', category: 'Scouting' },
  'Community Helper': { description: 'You gave a neighbour’s free item a second home.', category: 'Community' },
  'Explorer Badge': { description: 'Your points show you are out and about, finding and sharing.', category: 'Milestone' },
  'Scout Master Badge': { description: 'A seasoned scout: ten finds posted and plenty of points to show for it.', category: 'Scouting' },
  'Community Champion': { description: 'Neighbours all over town have passed things on to you.', category: 'Community' },
  'Curb Legend': { description: 'Every badge and a thousand points: the neighbourhood’s finest.', category: 'Legendary' },
};
