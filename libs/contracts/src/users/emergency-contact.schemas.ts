import { z } from 'zod';
import { phoneNumberSchema } from './phone';

/**
 * A member's emergency contact (docs/security.md): set by the member in settings, read back by the member, and
 * otherwise given only to the audited emergency lookup, never in any view of the member.
 */
export const emergencyContactSchema = z.object({
  name: z
    .string({ error: "Enter the contact's name" })
    .trim()
    .min(1, { error: "Enter the contact's name" })
    .max(100, { error: "The contact's name must be at most 100 characters" }),
  /** Any number libphonenumber-js reads in PHONE_COUNTRIES' format; stored and answered in E.164. */
  phone: phoneNumberSchema,
});
export type EmergencyContact = z.output<typeof emergencyContactSchema>;

/** PUT /api/users/{id}/emergency-contact: null removes it. */
export const emergencyContactRequestSchema = z.object({ emergencyContact: emergencyContactSchema.nullable() });
export type EmergencyContactRequest = z.input<typeof emergencyContactRequestSchema>;

/** What is stored, as answered (the phone already in E.164). */
export const storedEmergencyContactSchema = z.object({ name: z.string(), phone: z.string() });
export const emergencyContactResponseSchema = z.object({ emergencyContact: storedEmergencyContactSchema.nullable() });
export type EmergencyContactResponse = z.infer<typeof emergencyContactResponseSchema>;
