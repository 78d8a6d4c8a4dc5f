import type { Routes } from '../http/routes';

/**
 * Method and path of every HTTP route, without the schemas: what a browser bundle needs to call the API without
 * carrying the schema library. The type check below makes any difference from `Routes` a compile error; a route
 * the client has not listed yet cannot be called through apiPath (also a compile error).
 */
export const ApiRoutes = {
  health: { method: 'get', path: '/api/health' },
  docs: { method: 'get', path: '/api/docs' },
  openApiDocument: { method: 'get', path: '/api/openapi.json' },
  createUser: { method: 'post', path: '/api/users' },
  getUser: { method: 'get', path: '/api/users/:id' },
  scoutMode: { method: 'patch', path: '/api/users/:id/scout-mode' },
  setPublicName: { method: 'put', path: '/api/users/:id/public-name' },
  notificationPreferences: { method: 'patch', path: '/api/users/:id/notification-preferences' },
  subscription: { method: 'patch', path: '/api/users/:id/subscription' },
  adminStatus: { method: 'get', path: '/api/users/:id/admin-status' },
  profilePicture: { method: 'post', path: '/api/users/:id/profile-picture' },
  sendCode: { method: 'post', path: '/api/auth/send-code' },
  verifyCode: { method: 'post', path: '/api/auth/verify-code' },
  logout: { method: 'post', path: '/api/auth/logout' },
  logoutOthers: { method: 'post', path: '/api/auth/logout-others' },
  phoneSendCode: { method: 'post', path: '/api/phone/send-code' },
  phoneVerifyCode: { method: 'post', path: '/api/phone/verify-code' },
  verifyUser: { method: 'post', path: '/api/users/:id/verify' },
  verificationStatus: { method: 'get', path: '/api/verification/status/:userId' },
  createItem: { method: 'post', path: '/api/items' },
  feed: { method: 'get', path: '/api/items' },
  similarItems: { method: 'get', path: '/api/items/similar' },
  findPlaces: { method: 'get', path: '/api/places' },
  topFinds: { method: 'get', path: '/api/top-finds' },
  getItem: { method: 'get', path: '/api/items/:id' },
  updateItem: { method: 'patch', path: '/api/items/:id' },
  deleteItem: { method: 'delete', path: '/api/items/:id' },
  claim: { method: 'patch', path: '/api/items/:id/claim' },
  validatePickup: { method: 'post', path: '/api/items/:id/validate-pickup' },
  vote: { method: 'post', path: '/api/items/:id/vote' },
  stillThere: { method: 'post', path: '/api/items/:id/still-there' },
  interest: { method: 'post', path: '/api/items/:id/interest' },
  comments: { method: 'get', path: '/api/items/:id/comments' },
  createComment: { method: 'post', path: '/api/items/:id/comments' },
  updateComment: { method: 'patch', path: '/api/items/:id/comments/:commentId' },
  deleteComment: { method: 'delete', path: '/api/items/:id/comments/:commentId' },
  monthlyComments: { method: 'get', path: '/api/users/:id/comments/monthly' },
  report: { method: 'post', path: '/api/reports' },
  userItems: { method: 'get', path: '/api/users/:id/items' },
  upload: { method: 'post', path: '/api/upload' },
  media: { method: 'get', path: '/api/media/*key' },
  listRewards: { method: 'get', path: '/api/rewards' },
  userRewards: { method: 'get', path: '/api/users/:userId/rewards' },
  redeemReward: { method: 'post', path: '/api/rewards/:rewardId/redeem' },
  userPerks: { method: 'get', path: '/api/users/:userId/perks' },
  usePerk: { method: 'post', path: '/api/users/:userId/perks/:redemptionId/use' },
  fulfilment: { method: 'get', path: '/api/admin/fulfilment' },
  fulfilRedemption: { method: 'post', path: '/api/admin/fulfilment/:redemptionId/fulfil' },
  cancelRedemption: { method: 'post', path: '/api/admin/fulfilment/:redemptionId/cancel' },
  leaderboard: { method: 'get', path: '/api/leaderboard' },
  emergencyUnlock: { method: 'post', path: '/api/emergency/unlock' },
  emergencyContact: { method: 'get', path: '/api/users/:id/emergency-contact' },
  setEmergencyContact: { method: 'put', path: '/api/users/:id/emergency-contact' },
  emergencyAccess: { method: 'post', path: '/api/emergency/access' },
  emergencyLogs: { method: 'get', path: '/api/emergency/logs' },
  listNotifications: { method: 'get', path: '/api/notifications/:userId' },
  notificationCount: { method: 'get', path: '/api/notifications/:userId/count' },
  markNotificationRead: { method: 'patch', path: '/api/notifications/:notificationId/read' },
  reportPosition: { method: 'put', path: '/api/notifications/:userId/position' },
  markAllNotificationsRead: { method: 'patch', path: '/api/notifications/:userId/read-all' },
  pushPublicKey: { method: 'get', path: '/api/push/public-key' },
  setAlertEmail: { method: 'put', path: '/api/users/:id/email' },
  createPushSubscription: { method: 'post', path: '/api/push/subscriptions' },
  deletePushSubscription: { method: 'delete', path: '/api/push/subscriptions/:subscriptionId' },
  liveStream: { method: 'get', path: '/api/events/stream' },
  messages: { method: 'get', path: '/api/items/:id/messages' },
  messageThreads: { method: 'get', path: '/api/items/:id/messages/threads' },
  sendMessage: { method: 'post', path: '/api/items/:id/messages' },
  answerMeetAt: { method: 'post', path: '/api/items/:id/messages/:messageId/meet-at' },
  block: { method: 'post', path: '/api/users/:id/block' },
  unblock: { method: 'delete', path: '/api/users/:id/block' },
  blockedMembers: { method: 'get', path: '/api/blocks' },
  savedSearches: { method: 'get', path: '/api/saved-searches' },
  createSavedSearch: { method: 'post', path: '/api/saved-searches' },
  deleteSavedSearch: { method: 'delete', path: '/api/saved-searches/:id' },
  setSavedSearchAutoClaim: { method: 'patch', path: '/api/saved-searches/:id' },
  wanted: { method: 'get', path: '/api/wanted' },
  areaImpact: { method: 'get', path: '/api/impact' },
  memberImpact: { method: 'get', path: '/api/users/:id/impact' },
  moderationCases: { method: 'get', path: '/api/moderation/cases' },
  moderationDecision: { method: 'post', path: '/api/moderation/cases/:id/decision' },
  moderationAppeal: { method: 'post', path: '/api/moderation/cases/:id/appeal' },
  joinQueue: { method: 'post', path: '/api/items/:id/queue' },
  leaveQueue: { method: 'delete', path: '/api/items/:id/queue' },
  queue: { method: 'get', path: '/api/items/:id/queue' },
  pickFromQueue: { method: 'post', path: '/api/items/:id/queue/:userId/pick' },
  releaseHold: { method: 'delete', path: '/api/items/:id/hold' },
  pickup: { method: 'get', path: '/api/items/:id/pickup' },
} as const;

export type ApiRouteName = keyof typeof ApiRoutes;

type ContractRoutes = typeof Routes;
type Assert<T extends true> = T;
/** Fails to compile when a client route is not a contract route, or differs from it in method or path. */
export type ApiRoutesMatchContracts = Assert<
  { [K in ApiRouteName]: (typeof ApiRoutes)[K] } extends { [K in ApiRouteName]: Pick<ContractRoutes[K], 'method' | 'path'> } ? true : false
>;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** The `:name` parameters a route's path needs, e.g. { id: string; commentId: string }. */
export type ApiPathParams<N extends ApiRouteName> = { [K in ParamNames<(typeof ApiRoutes)[N]['path']>]: string };

/**
 * The path of a route with its parameters filled in (each encoded), e.g. apiPath('vote', { id }) → /api/items/<id>/vote.
 * Routes without parameters take none.
 */
export function apiPath<N extends ApiRouteName>(name: N, ...params: ParamNames<(typeof ApiRoutes)[N]['path']> extends never ? [] : [ApiPathParams<N>]): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return ApiRoutes[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`apiPath(${name}): missing :${key}`);
    return encodeURIComponent(value);
  });
}
