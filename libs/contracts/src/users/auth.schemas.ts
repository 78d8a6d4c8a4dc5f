import { z } from 'zod';
import { otpCodeSchema, phoneNumberSchema } from './phone';
import { userSchema } from './user.schemas';
import { plural } from '../client/plural';

const firstNameSchema = z.string().trim().min(1, 'Please enter your first name').max(50, 'First name must be under 50 characters');
const fullNameSchema = z
  .string({ error: 'Full name and phone number are required' })
  .trim()
  .min(1, 'Full name and phone number are required')
  .max(100, 'Full name must be under 100 characters');

export const sendCodeRequestSchema = z.object({ phoneNumber: phoneNumberSchema });
export const sendCodeResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

export const verifyCodeRequestSchema = z.object({
  phoneNumber: phoneNumberSchema,
  code: otpCodeSchema,
  firstName: firstNameSchema.optional(),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

/**
 * success false + isNewUser true + needsName true: the code is right but a new account needs a first name;
 * the same code stays valid for the second call that carries it.
 */
export const verifyCodeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  isNewUser: z.boolean(),
  needsName: z.boolean().optional(),
  user: userSchema.nullable(),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

export const phoneSendCodeRequestSchema = z.object({ phone: phoneNumberSchema, name: fullNameSchema });
export const phoneVerifyCodeRequestSchema = z.object({ phone: phoneNumberSchema, code: otpCodeSchema });

export const VERIFICATION_METHODS = ['phone', 'email'] as const;
export const verifyUserRequestSchema = z.object({
  name: fullNameSchema,
  email: z.union([z.literal(''), z.email('Please enter a valid e-mail address')]).optional(),
  phone: phoneNumberSchema,
  verificationMethod: z.enum(VERIFICATION_METHODS).default('phone'),
});
export type VerifyUserRequest = z.infer<typeof verifyUserRequestSchema>;

export const verificationStatusSchema = z.object({
  status: z.enum(['none', 'pending', 'verified']),
  submittedAt: z.string().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const successResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/** "Sign out other devices": how many other sessions of the member it ended, and the sentence that says so. */
export const otherSessionsEndedSchema = z.object({ ended: z.number().int().min(0), message: z.string() });
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>;

/** The sentence for `ended` other sessions ended ("Signed out of 1 other device"). */
export function otherSessionsEndedMessage(ended: number): string {
  if (ended === 0) return 'No other device was signed in';
  return `Signed out of ${plural(ended, 'other device')}`;
}

/**
 * The live channel's topic for ended sessions: after a sign-out the users service names the member whose session
 * it revoked, and every gateway replica re-checks the sessions of that member's open live streams
 * (`/api/events/stream`) and ends those whose session no longer resolves. Only member ids travel on the channel.
 */
export const LIVE_SESSIONS_ENDED_TOPIC = 'sessions.ended';

/**
 * A digest naming one session that other services may keep (sessionRefOfToken / sessionRefOfHash in libs/platform),
 * 64 hex characters: it neither signs anybody in nor finds the session's row.
 */
export const sessionRefSchema = z.string().regex(/^[0-9a-f]{64}$/, 'sessionRef must be 64 hex characters');
export interface LiveSessionsEndedSignal {
  userIds: string[];
}
