export { rewardsService } from './rewards.definition';
