/** Gateway → service request/reply. The body is validated at both ends against the route's schema. */
export interface RpcMeta {
  requestId: string;
  /** The session's user, resolved by the gateway; absent for anonymous callers. */
  callerId?: string;
  /**
   * The client's Idempotency-Key of a creating call: a handler marked @Idempotent() (libs/platform) runs once per
   * caller and key and replays its first answer to a repeat.
   */
  idempotencyKey?: string;
}

export interface RpcRequest<TBody = unknown> {
  meta: RpcMeta;
  body: TBody;
}

export const SERVICE_NAMES = ['users', 'items', 'notifications', 'rewards', 'photo-validation', 'emergency'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** NATS subjects of the request/reply calls; each service listens in a queue group named after itself. */
export const Rpc = {
  health: (service: ServiceName) => `${service}.health`,
  users: {
    create: 'users.create',
    get: 'users.get',
    resolveSession: 'users.session.resolve',
    revokeSession: 'users.session.revoke',
    sendLoginCode: 'users.auth.send-code',
    verifyLoginCode: 'users.auth.verify-code',
    startVerification: 'users.verification.start',
    confirmVerification: 'users.verification.confirm',
    verificationStatus: 'users.verification.status',
    setScoutMode: 'users.scout-mode',
    updatePreferences: 'users.notification-preferences',
    setSubscription: 'users.subscription',
    adminStatus: 'users.admin-status',
    setProfilePicture: 'users.profile-picture',
    emergencyLookup: 'users.emergency-lookup',
  },
  items: {
    create: 'items.create',
    feed: 'items.feed',
    byUser: 'items.by-user',
    get: 'items.get',
    update: 'items.update',
    delete: 'items.delete',
    similar: 'items.similar',
    topFinds: 'items.top-finds',
    claim: 'items.claim',
    validatePickup: 'items.validate-pickup',
    pickupAdmissible: 'items.pickup-admissible',
    vote: 'items.vote',
    stillThere: 'items.still-there',
    interest: 'items.interest',
    comments: 'items.comments.list',
    createComment: 'items.comments.create',
    updateComment: 'items.comments.update',
    deleteComment: 'items.comments.delete',
    monthlyComments: 'items.comments.monthly',
    report: 'items.reports.create',
  },
  rewards: {
    balance: 'rewards.balance',
    catalogue: 'rewards.catalogue',
    userRewards: 'rewards.user-rewards',
    redeem: 'rewards.redeem',
    leaderboard: 'rewards.leaderboard',
    summary: 'rewards.summary',
  },
  notifications: {
    list: 'notifications.list',
    count: 'notifications.count',
    markRead: 'notifications.mark-read',
    readAll: 'notifications.read-all',
    reportPosition: 'notifications.report-position',
    /** Internal: the gateway's live streams (no caller; the gateway names the members). */
    live: 'notifications.live',
  },
  emergency: {
    access: 'emergency.access',
    logs: 'emergency.logs',
  },
  photoValidation: { metrics: 'photo-validation.metrics' },
} as const;

export interface HealthReport {
  status: 'ok' | 'down';
  checks: Record<string, { status: 'ok' | 'down'; detail?: string }>;
  /** Which process answered (host:pid): replicas of a service share the work; operators and tests tell them apart. */
  instance?: string;
}

/** BullMQ queue names (STYLE §7: one place). */
export const PHOTO_VALIDATION_QUEUE = 'photo-validation';
