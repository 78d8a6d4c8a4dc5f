import { BADGE_NAMES, type LeaderboardEntry } from '@curbside/contracts';
import { BADGE_DETAILS, rankChipClass, topAchievers, visibleBadges } from './leaderboard-rules';

const entry = (username: string, badges: LeaderboardEntry['badges']): LeaderboardEntry => ({
  id: crypto.randomUUID(),
  username,
  points: 10,
  badges,
  rank: 'Newbie',
  scoutMode: false,
});

describe('leaderboard rules', () => {
  it('shows three badges and counts the rest', () => {
    expect(visibleBadges(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(visibleBadges(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('takes the first three members who hold a badge as top achievers', () => {
    const entries = [
      entry('A', []),
      entry('B', ['Scout Badge']),
      entry('C', ['First Post Badge']),
      entry('D', []),
      entry('E', ['Explorer Badge']),
      entry('F', ['Curb Legend']),
    ];
    expect(topAchievers(entries).map((e) => e.username)).toEqual(['B', 'C', 'E']);
  });

  it('colours the five rank titles and keeps others neutral', () => {
    for (const rank of ['Curb Master', 'Eco Warrior', 'First Dibs', 'Curb Sprinter', 'Scout']) expect(rankChipClass(rank)).not.toContain('slate');
    expect(rankChipClass('Newbie')).toContain('slate');
  });

  it('describes every badge of the contracts', () => {
    expect(Object.keys(BADGE_DETAILS).sort()).toEqual([...BADGE_NAMES].sort());
  });
});
