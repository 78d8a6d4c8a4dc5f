import { runServiceProcess } from '@curbside/platform';
import { rewardsService } from './rewards.definition';

void runServiceProcess(rewardsService);
