import { defineErrors } from '../errors/define-errors';

export const NotificationErrorSet = defineErrors('NOTIFICATION', { NOT_FOUND: 404 });
export const NotificationError = NotificationErrorSet.codes;
