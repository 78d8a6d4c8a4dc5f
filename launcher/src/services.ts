import { emergencyService } from '@curbside/emergency-service';
import { itemsService } from '@curbside/items-service';
import { notificationsService } from '@curbside/notifications-service';
import { photoValidationService } from '@curbside/photo-validation-service';
import type { ServiceDefinition } from '@curbside/platform';
import { rewardsService } from '@curbside/rewards-service';
import { usersService } from '@curbside/users-service';

/** The six services, in start order (users first: the gateway resolves sessions through it). */
export const ALL_SERVICES: ServiceDefinition[] = [usersService, itemsService, rewardsService, notificationsService, photoValidationService, emergencyService];
