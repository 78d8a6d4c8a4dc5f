/** Owns every query key of the leaderboard feature. */
export const leaderboardKeys = {
  all: ['/api/leaderboard'] as const,
};
