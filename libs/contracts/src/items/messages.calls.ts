import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import {
  answerMeetAtRequestSchema,
  handoverMessageSchema,
  messageThreadSchema,
  messageThreadSummarySchema,
  sendMessageRequestSchema,
} from './messages.schemas';
import { MessageError } from './messages.errors';

const itemIdSchema = z.object({ itemId: z.uuid() });

/** Handover messages between an item's poster and its holder (garage sales: an interested member); items service. */
export const MessagesCalls = {
  messages: defineCall({
    subject: 'items.messages.list',
    request: itemIdSchema.extend({ with: z.uuid().optional() }),
    reply: messageThreadSchema,
    errors: [MessageError.NOT_FOUND],
  }),
  /** The poster's threads on their item, newest first; anyone else: MESSAGE.NOT_FOUND. */
  messageThreads: defineCall({
    subject: 'items.messages.threads',
    request: itemIdSchema,
    reply: z.array(messageThreadSummarySchema),
    errors: [MessageError.NOT_FOUND],
  }),
  sendMessage: defineCall({
    subject: 'items.messages.send',
    request: itemIdSchema.extend(sendMessageRequestSchema.shape),
    reply: handoverMessageSchema,
    errors: [MessageError.NOT_FOUND, MessageError.CLOSED, MessageError.REFUSED, MessageError.RATE_LIMITED],
  }),
  answerMeetAt: defineCall({
    subject: 'items.messages.answer-meet-at',
    request: itemIdSchema.extend({ messageId: z.uuid() }).extend(answerMeetAtRequestSchema.shape),
    reply: handoverMessageSchema,
    errors: [MessageError.NOT_FOUND, MessageError.CLOSED, MessageError.CANNOT_ANSWER],
  }),
};
