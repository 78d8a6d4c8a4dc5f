import { createUser } from '../../../lib/session/api/create-user';

/** Onboarding completion payload (accounts spec §3): displayName, email (always empty), phone, allowLocation. */
export interface OnboardingCompletion {
  displayName: string;
  email: '';
  phone: string;
  allowLocation: boolean;
}

/** New user locationRadius (accounts spec §9): '2' miles with location, '10' without. */
export function radiusFor(allowLocation: boolean): '2' | '10' {
  return allowLocation ? '2' : '10';
}

/** The first word of the full name greets the neighbour; the full name is what verification records. */
export function firstNameOf(displayName: string): string {
  return displayName.trim().split(/\s+/)[0]?.slice(0, 50) ?? '';
}

/** Creates the account (the answer sets the session cookie). */
export const createOnboardedUser = (completion: OnboardingCompletion) =>
  createUser({ locationRadius: radiusFor(completion.allowLocation), firstName: firstNameOf(completion.displayName) });
