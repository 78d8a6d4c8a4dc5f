import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import { ModerationError } from './moderation.errors';
import { appealRequestSchema, appealResponseSchema, caseDecisionRequestSchema, caseListQuerySchema, moderationCaseSchema } from './moderation.schemas';

const caseIdSchema = z.object({ caseId: z.uuid() });

/** The review queue (items service): moderators only, except an appeal, which is the poster's. */
export const ModerationCalls = {
  cases: defineCall({
    subject: 'items.moderation.cases',
    request: caseListQuerySchema,
    reply: z.array(moderationCaseSchema),
    errors: [ModerationError.NOT_MODERATOR],
  }),
  decide: defineCall({
    subject: 'items.moderation.decide',
    request: caseIdSchema.extend(caseDecisionRequestSchema.shape),
    reply: moderationCaseSchema,
    errors: [
      ModerationError.NOT_MODERATOR,
      ModerationError.CASE_NOT_FOUND,
      ModerationError.ALREADY_DECIDED,
      ModerationError.SAME_MODERATOR,
      ModerationError.APPEAL_DECISION,
    ],
  }),
  appeal: defineCall({
    subject: 'items.moderation.appeal',
    request: caseIdSchema.extend(appealRequestSchema.shape),
    reply: appealResponseSchema,
    errors: [ModerationError.CASE_NOT_FOUND, ModerationError.APPEAL_NOT_ALLOWED],
  }),
};
