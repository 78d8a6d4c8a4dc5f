import { STORAGE_KEYS, storage } from './storage';

export type SafetyTermsType = 'posting' | 'claiming' | 'scout' | 'paid_pickup';

export type SafetyCheckbox = 'safetyResponsibility' | 'verificationRequired' | 'timeCompliance' | 'drivingRestriction' | 'liabilityAcknowledgment';

export const CHECKBOX_TEXT: Record<SafetyCheckbox, string> = {
  safetyResponsibility: 'I am responsible for my own safety when posting, picking up or meeting anyone.',
  verificationRequired: 'I will take a verification photo at pickup before the reward is released.',
  timeCompliance: 'I will pick up within the time limit (e.g. Express is 2 hours).',
  drivingRestriction: 'I will never use the app while driving.',
  liabilityAcknowledgment: 'Curbside is not liable for items, pickups or meetings arranged through the app.',
};

/** verificationRequired and timeCompliance apply to paid pickups only. */
export function checkboxesFor(type: SafetyTermsType): SafetyCheckbox[] {
  const all: SafetyCheckbox[] = ['safetyResponsibility', 'verificationRequired', 'timeCompliance', 'drivingRestriction', 'liabilityAcknowledgment'];
  return type === 'paid_pickup' ? all : all.filter((c) => c !== 'verificationRequired' && c !== 'timeCompliance');
}

/** Every box must be ticked, except for scout terms, which are informational. */
export function canAccept(type: SafetyTermsType, checked: ReadonlySet<SafetyCheckbox>): boolean {
  return type === 'scout' || checkboxesFor(type).every((c) => checked.has(c));
}

function accepted(): SafetyTermsType[] {
  try {
    const parsed: unknown = JSON.parse(storage.get(STORAGE_KEYS.acceptedTerms) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SafetyTermsType[]) : [];
  } catch {
    return [];
  }
}

export function hasAcceptedTerms(type: SafetyTermsType): boolean {
  return accepted().includes(type);
}

export function rememberAcceptedTerms(type: SafetyTermsType): void {
  storage.set(STORAGE_KEYS.acceptedTerms, JSON.stringify([...new Set([...accepted(), type])]));
}
