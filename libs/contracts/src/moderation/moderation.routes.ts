import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import { idParamsSchema } from '../http/route-contract';
import { ModerationCalls } from './moderation.calls';
import { appealRequestSchema, appealResponseSchema, caseDecisionRequestSchema, caseListQuerySchema, moderationCaseSchema } from './moderation.schemas';

/** The review queue (docs/product-rules.md, Moderation); the moderator is the session, checked by the items service. */
export const ModerationRoutes = {
  moderationCases: {
    method: 'get',
    path: '/api/moderation/cases',
    summary: 'Moderators: cases to review (open, appealed or decided), with content, reports, flags and the poster’s record',
    auth: 'session',
    query: caseListQuerySchema,
    response: z.array(moderationCaseSchema),
    errors: ModerationCalls.cases.errors,
    tags: ['moderation'],
  },
  moderationDecision: {
    method: 'post',
    path: '/api/moderation/cases/:id/decision',
    summary: 'Moderators: approve (restore), remove or warn, with a reason; on an appealed case, another moderator upholds (remove) or overturns (approve)',
    auth: 'session',
    params: idParamsSchema,
    body: caseDecisionRequestSchema,
    response: moderationCaseSchema,
    status: 200,
    errors: ModerationCalls.decide.errors,
    tags: ['moderation'],
  },
  moderationAppeal: {
    method: 'post',
    path: '/api/moderation/cases/:id/appeal',
    summary: 'The poster of removed content appeals the removal once, with a reason',
    auth: 'session',
    params: idParamsSchema,
    body: appealRequestSchema,
    response: appealResponseSchema,
    status: 200,
    errors: ModerationCalls.appeal.errors,
    tags: ['moderation'],
  },
} as const satisfies Record<string, RouteContract>;
