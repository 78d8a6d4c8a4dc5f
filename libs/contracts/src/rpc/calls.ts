import { z } from 'zod';
import { EmergencyCalls } from '../emergency/emergency.calls';
import { ItemsCalls } from '../items/items.calls';
import { MessagesCalls } from '../items/messages.calls';
import { SavedSearchCalls } from '../items/saved-searches.calls';
import { ImpactCalls } from '../items/impact.calls';
import { ModerationCalls } from '../moderation/moderation.calls';
import { BlocksCalls } from '../users/blocks.calls';
import { NotificationsCalls } from '../notifications/notifications.calls';
import { PhotoValidationCalls } from '../photos/photo-validation.calls';
import { RewardsCalls } from '../rewards/rewards.calls';
import { UsersCalls } from '../users/users.calls';
import { CallContract, defineCall } from './call-contract';
import type { ServiceName } from './rpc';

const checkSchema = z.object({ status: z.enum(['ok', 'down']), detail: z.string().optional() });
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'down']),
  checks: z.record(z.string(), checkSchema),
  /** Which process answered (host:pid): replicas of a service share the work; operators and tests tell them apart. */
  instance: z.string().optional(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/**
 * `<service>.health`: every service answers it with its database, its event bus and its own checks. The gateway asks
 * it for GET /api/health, and the service's own container healthcheck (`main.js --healthcheck`) as the service.
 */
export function healthCall(service: ServiceName) {
  return defineCall({ subject: `${service}.health`, request: z.object({}), reply: healthReportSchema, errors: [], callers: ['gateway', service] });
}

/**
 * Every gateway → service and service → service call, by service. Each service listens on its subjects in a NATS
 * queue group named after itself.
 */
export const Calls = {
  users: { ...UsersCalls, ...BlocksCalls },
  items: { ...ItemsCalls, ...MessagesCalls, ...SavedSearchCalls, ...ImpactCalls, ...ModerationCalls },
  rewards: RewardsCalls,
  notifications: NotificationsCalls,
  emergency: EmergencyCalls,
  photoValidation: PhotoValidationCalls,
};

/** Every call contract, for checks that walk them all (unique subjects, declared errors). */
export const ALL_CALLS: readonly CallContract[] = Object.values(Calls).flatMap((service) => Object.values(service) as CallContract[]);
