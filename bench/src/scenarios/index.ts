import type { Scenario } from '../scenario';
import { cityDayScenario } from './city-day.scenario';
import { contentChecksScenario } from './content-checks.scenario';
import { fanoutScenario } from './fanout.scenario';
import { feedSearchScenario } from './feed-search.scenario';
import { feedScenario } from './feed.scenario';
import { frontendScenario } from './frontend.scenario';
import { leaderboardScenario } from './leaderboard.scenario';
import { photoValidationScenario } from './photo-validation.scenario';
import { pushScenario } from './push.scenario';
import { queueScenario } from './queue.scenario';
import { savedSearchesScenario } from './saved-searches.scenario';
import { topFindsScenario } from './top-finds.scenario';

/** Every scenario `main.ts` knows; a new one is one file in this folder plus one line here. */
export const SCENARIOS: readonly Scenario[] = [
  feedScenario,
  feedSearchScenario,
  topFindsScenario,
  leaderboardScenario,
  fanoutScenario,
  photoValidationScenario,
  frontendScenario,
  queueScenario,
  contentChecksScenario,
  cityDayScenario,
  pushScenario,
  savedSearchesScenario,
];
