import { z } from 'zod';

/** A member the caller blocked, by public name (docs/product-rules.md, Blocking). */
export const blockedMemberSchema = z.object({ userId: z.uuid(), username: z.string(), blockedAt: z.string() });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

export const blockResponseSchema = z.object({ userId: z.uuid(), blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;
