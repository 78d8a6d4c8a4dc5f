/** Phone numbers as the sign-in and verification forms show them: (###) ###-####. */

export const PHONE_MIN_DIGITS = 10;
export const CODE_LENGTH = 6;

export function digitsOf(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Formats as typed: "5551234567" → "(555) 123-4567"; a leading country code 1 shows as "+1 (555) 123-4567".
 * A number typed with another country code ("+44 …") is left as typed.
 */
export function formatPhone(input: string): string {
  const trimmed = input.trimStart();
  let digits = digitsOf(trimmed);
  let prefix = '';
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('1')) return trimmed.replace(/[^\d+\s()-]/g, '');
    prefix = '+1 ';
    digits = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    prefix = '+1 ';
    digits = digits.slice(1);
  }
  digits = digits.slice(0, 10);
  if (digits.length === 0) return prefix.trim();
  if (digits.length < 4) return `${prefix}(${digits}`;
  if (digits.length < 7) return `${prefix}(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `${prefix}(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** At least 10 digits (accounts spec §5); the server checks the number itself. */
export function isValidPhone(input: string): boolean {
  return digitsOf(input).length >= PHONE_MIN_DIGITS;
}

/** Exactly 6 digits, digits only. */
export function isValidCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
