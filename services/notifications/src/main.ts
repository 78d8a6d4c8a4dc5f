import { runServiceProcess } from '@curbside/platform';
import { notificationsService } from './notifications.definition';

void runServiceProcess(notificationsService);
