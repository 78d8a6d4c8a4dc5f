import { z } from 'zod';

import { MEET_PLACE_MAX, MESSAGE_MAX } from './messages.constants';

export * from './messages.constants';

export const meetAtStatusSchema = z.enum(['proposed', 'accepted', 'declined']);
export type MeetAtStatus = z.infer<typeof meetAtStatusSchema>;

export const meetAtSchema = z.object({ time: z.string(), place: z.string(), status: meetAtStatusSchema });

export const handoverMessageSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  authorId: z.uuid(),
  /** The caller wrote it. */
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
  meetAt: meetAtSchema.nullable(),
  /** Only on messages to the caller that matched a scam pattern: the text to show above it. */
  warning: z.string().nullable(),
  /** Only on the caller's own message held for a moderator (docs/product-rules.md, Moderation): not delivered yet. */
  inReview: z.boolean().optional(),
});
export type HandoverMessage = z.infer<typeof handoverMessageSchema>;

export const messageThreadSchema = z.object({
  itemId: z.uuid(),
  /** The member who is not the poster: the thread is the poster's with them. */
  memberId: z.uuid(),
  /** The other side of the thread, by public name. */
  otherName: z.string(),
  /** Whether the caller may still write (the pair is still poster and holder, or the sale's interested member). */
  canWrite: z.boolean(),
  messages: z.array(handoverMessageSchema),
});
export type MessageThread = z.infer<typeof messageThreadSchema>;

/** One member's thread with the poster, as the poster's list of threads shows it (GET /api/items/{id}/messages/threads). */
export const messageThreadSummarySchema = z.object({
  memberId: z.uuid(),
  /** The member's public name. */
  name: z.string(),
  lastMessageAt: z.string(),
  count: z.number().int(),
  /** The last message is the member's: the poster has not answered it yet (there is no read tracking). */
  awaitingReply: z.boolean(),
});
export type MessageThreadSummary = z.infer<typeof messageThreadSummarySchema>;

/** The poster names the member whose thread they mean; any other member's thread is their own with the poster. */
export const messageThreadQuerySchema = z.object({ with: z.uuid({ error: 'with must be a member id' }).optional() });
export type MessageThreadQuery = z.infer<typeof messageThreadQuerySchema>;

const meetAtProposalSchema = z.object({
  time: z.iso.datetime({ offset: true, error: 'The meeting time must be a date and time' }),
  place: z
    .string({ error: 'Say where to meet' })
    .trim()
    .min(1, 'Say where to meet')
    .max(MEET_PLACE_MAX, `The place must be under ${MEET_PLACE_MAX} characters`),
});

export const sendMessageRequestSchema = z.object({
  text: z
    .string({ error: 'Please write something before sending' })
    .trim()
    .min(1, 'Please write something before sending')
    .max(MESSAGE_MAX, `Messages must be under ${MESSAGE_MAX} characters`),
  /** The poster names the member they write to; others write to the poster. */
  to: z.uuid({ error: 'to must be a member id' }).optional(),
  meetAt: meetAtProposalSchema.optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const answerMeetAtRequestSchema = z.object({ answer: z.enum(['accepted', 'declined'], { error: 'answer must be accepted or declined' }) });
export type AnswerMeetAtRequest = z.infer<typeof answerMeetAtRequestSchema>;
