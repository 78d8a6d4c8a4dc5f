import { describeServiceStartsHealthy } from '@curbside/testing';
import { notificationsService } from './notifications.definition';

describeServiceStartsHealthy(notificationsService);
