import { EmergencyRoutes } from '../emergency/emergency.routes';
import { NotificationRoutes } from '../notifications/notifications.routes';
import { ItemRoutes } from '../items/items.routes';
import { MessageRoutes } from '../items/messages.routes';
import { SavedSearchRoutes } from '../items/saved-searches.routes';
import { ImpactRoutes } from '../items/impact.routes';
import { ModerationRoutes } from '../moderation/moderation.routes';
import { BlockRoutes } from '../users/blocks.routes';
import { MediaRoutes } from '../media/media.routes';
import { RewardRoutes } from '../rewards/rewards.routes';
import { UserRoutes } from '../users/users.routes';
import { PlatformRoutes } from './platform.routes';
import type { RouteContract } from './route-contract';

/** Every HTTP route of the API, one file of routes per area. */
export const Routes = {
  ...PlatformRoutes,
  ...UserRoutes,
  ...ItemRoutes,
  ...MessageRoutes,
  ...SavedSearchRoutes,
  ...ImpactRoutes,
  ...ModerationRoutes,
  ...BlockRoutes,
  ...MediaRoutes,
  ...RewardRoutes,
  ...EmergencyRoutes,
  ...NotificationRoutes,
} as const satisfies Record<string, RouteContract>;
