export { rewardsService } from './rewards.definition';
export { leaderboardQuery } from './leaderboard/leaderboard.query';
