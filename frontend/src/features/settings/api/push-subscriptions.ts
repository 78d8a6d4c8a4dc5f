import type { PushSubscriptionRequest } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { api } from '../../../lib/api-client';

/** GET /api/push/public-key: the key this browser subscribes with (applicationServerKey). */
export const getPushPublicKey = () => api.get<{ publicKey: string }>(apiPath('pushPublicKey'));

/** POST /api/push/subscriptions: this browser's PushSubscription for the session's member; answers its id. */
export const createPushSubscription = (body: PushSubscriptionRequest) => api.post<{ id: string }>(apiPath('createPushSubscription'), body);

/** DELETE /api/push/subscriptions/:id: no more pushes to this browser. */
export const deletePushSubscription = (subscriptionId: string) => api.delete<{ success: boolean }>(apiPath('deletePushSubscription', { subscriptionId }));
