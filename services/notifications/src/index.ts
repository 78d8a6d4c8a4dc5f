export { notificationsService } from './notifications.definition';
