export { rewardsService } from './rewards.definition';
export { leaderboardQuery } from './leaderboard/leaderboard.query';
export { EraseDeliveryDetailsScheduler } from './fulfilment/erase-delivery-details.scheduler';
