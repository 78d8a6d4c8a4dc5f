import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import { blockedMemberSchema, blockResponseSchema } from './blocks.schemas';
import { BlockError } from './blocks.errors';

const memberSchema = z.object({ userId: z.uuid() });

/** Blocking (users service): the caller is the blocker, always from the session. */
export const BlocksCalls = {
  block: defineCall({ subject: 'users.blocks.block', request: memberSchema, reply: blockResponseSchema, errors: [BlockError.SELF, BlockError.NOT_FOUND] }),
  unblock: defineCall({ subject: 'users.blocks.unblock', request: memberSchema, reply: blockResponseSchema, errors: [BlockError.SELF] }),
  blocked: defineCall({ subject: 'users.blocks.list', request: z.object({}), reply: z.array(blockedMemberSchema), errors: [] }),
};
