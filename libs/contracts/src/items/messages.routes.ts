import { z } from 'zod';
import type { RouteContract } from '../http/route-contract';
import { MessagesCalls } from './messages.calls';
import {
  answerMeetAtRequestSchema,
  handoverMessageSchema,
  messageThreadQuerySchema,
  messageThreadSchema,
  messageThreadSummarySchema,
  sendMessageRequestSchema,
} from './messages.schemas';

const messageParamsSchema = z.object({
  id: z.uuid({ error: 'Must be a valid id' }),
  messageId: z.uuid({ error: 'Must be a valid id' }),
});

/** Handover messages (docs/product-rules.md): only the thread's two members read it; everyone else gets 404. */
export const MessageRoutes = {
  messages: {
    method: 'get',
    path: '/api/items/:id/messages',
    summary: "The caller's handover thread on an item (the poster names the member with ?with=, else the current holder)",
    auth: 'session',
    params: z.object({ id: z.uuid({ error: 'Must be a valid id' }) }),
    query: messageThreadQuerySchema,
    response: messageThreadSchema,
    errors: MessagesCalls.messages.errors,
    tags: ['messages'],
  },
  messageThreads: {
    method: 'get',
    path: '/api/items/:id/messages/threads',
    summary: "The poster's handover threads on their item: one per member who wrote, newest first (anyone else gets 404)",
    auth: 'session',
    params: z.object({ id: z.uuid({ error: 'Must be a valid id' }) }),
    response: z.array(messageThreadSummarySchema),
    errors: MessagesCalls.messageThreads.errors,
    tags: ['messages'],
  },
  sendMessage: {
    method: 'post',
    path: '/api/items/:id/messages',
    summary: 'Send a handover message, optionally proposing where and when to meet (30 an hour)',
    auth: 'session',
    params: z.object({ id: z.uuid({ error: 'Must be a valid id' }) }),
    body: sendMessageRequestSchema,
    response: handoverMessageSchema,
    errors: MessagesCalls.sendMessage.errors,
    tags: ['messages'],
  },
  answerMeetAt: {
    method: 'post',
    path: '/api/items/:id/messages/:messageId/meet-at',
    summary: "Accept or decline the other side's meet-at proposal",
    auth: 'session',
    params: messageParamsSchema,
    body: answerMeetAtRequestSchema,
    response: handoverMessageSchema,
    status: 200,
    errors: MessagesCalls.answerMeetAt.errors,
    tags: ['messages'],
  },
} as const satisfies Record<string, RouteContract>;
