import { z } from 'zod';

/**
 * What can be reviewed: an item, a comment, a member or a wanted post (all four can be reported), a handover message
 * (checks only).
 */
export const MODERATION_TARGET_TYPES = ['item', 'comment', 'member', 'message', 'wanted'] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

/** What the automated checks found in a text or photo: which rule, which words, how sure (docs/product-rules.md, Moderation). */
export const contentFlagSchema = z.object({
  ruleId: z.string(),
  label: z.string(),
  words: z.array(z.string()),
  confidence: z.enum(['high', 'low']),
  source: z.enum(['rules', 'openai', 'photo']),
});
export type ContentFlagView = z.infer<typeof contentFlagSchema>;

export const MODERATION_DECISIONS = ['approve', 'remove', 'warn'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** open: awaiting a decision; decided; appealed: a removal awaiting another moderator; closed: the appeal was decided. */
export const CASE_STATUSES = ['open', 'decided', 'appealed', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

const reasonSchema = (what: string, max: number) =>
  z
    .string({ error: `Give a reason for ${what}` })
    .trim()
    .min(1, `Give a reason for ${what}`)
    .max(max, `The reason must be under ${max} characters`);

export const caseListQuerySchema = z.object({
  status: z.enum(['open', 'appealed', 'decided'], { error: 'status must be open, appealed or decided' }).default('open'),
});
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

export const caseDecisionRequestSchema = z.object({
  decision: z.enum(MODERATION_DECISIONS, { error: 'decision must be approve, remove or warn' }),
  reason: reasonSchema('the decision', 500),
});
export type CaseDecisionRequest = z.infer<typeof caseDecisionRequestSchema>;

export const appealRequestSchema = z.object({ reason: reasonSchema('the appeal', 1000) });
export type AppealRequest = z.infer<typeof appealRequestSchema>;

export const caseReportSchema = z.object({
  id: z.uuid(),
  reporterName: z.string(),
  reportType: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  createdAt: z.string(),
  /** 1, or 0.5 for a reporter overruled three times in 90 days; 0 for one who counts toward no threshold. */
  weight: z.number(),
});

export const moderationCaseSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: z.uuid(),
  /** The item, or the comment's item; null for a member. */
  itemId: z.uuid().nullable(),
  status: z.enum(CASE_STATUSES),
  /** The content is in "pending review": hidden from everyone but its poster. */
  hidden: z.boolean(),
  openedBy: z.enum(['reports', 'checks']),
  openedAt: z.string(),
  content: z.object({
    title: z.string().nullable(),
    text: z.string(),
    category: z.string().nullable(),
    photos: z.array(z.string()),
    /** The item's status, or the comment's (live, deleted); null for a member. */
    status: z.string().nullable(),
  }),
  subject: z.object({
    id: z.uuid(),
    username: z.string(),
    /** The poster's record: posts, and what moderators decided about them before. */
    history: z.object({ posts: z.number().int(), removals: z.number().int(), warnings: z.number().int(), earlierCases: z.number().int() }),
    /** Holds picked up over holds taken in 90 days (null under 3 holds). */
    reliability: z.object({ pickedUp: z.number().int(), holds: z.number().int() }).nullable(),
  }),
  reports: z.array(caseReportSchema),
  flags: z.array(contentFlagSchema),
  decision: z.object({ decision: z.enum(MODERATION_DECISIONS), reason: z.string(), moderatorName: z.string(), decidedAt: z.string() }).nullable(),
  appeal: z
    .object({
      reason: z.string(),
      appealedAt: z.string(),
      outcome: z.enum(['upheld', 'overturned']).nullable(),
      reply: z.string().nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  /** false for the moderator whose decision is appealed: another moderator decides it. */
  canDecide: z.boolean(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

export const appealResponseSchema = z.object({ success: z.boolean(), message: z.string() });
