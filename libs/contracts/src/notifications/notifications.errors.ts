import { defineErrors } from '../errors/define-errors';

export const NotificationErrorSet = defineErrors('NOTIFICATION', { NOT_FOUND: 404 });
export const NotificationError = NotificationErrorSet.codes;

/** Web Push: a subscription to a place that is not a browser's push service, or one that is not the caller's. */
export const PushErrorSet = defineErrors('PUSH', { ENDPOINT_NOT_ALLOWED: 422, SUBSCRIPTION_NOT_FOUND: 404 });
export const PushError = PushErrorSet.codes;
