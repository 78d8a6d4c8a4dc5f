import { STORAGE_KEYS, storage } from '../../../lib/storage';

/**
 * The tour opens by itself for a neighbour with 0 points who has neither completed it nor closed it early
 * (finishing onboarding clears both flags, so every new account sees it once).
 */
export function shouldAutoOpenTutorial(points: number): boolean {
  return points === 0 && storage.get(STORAGE_KEYS.tutorialCompleted) !== 'true' && storage.get(STORAGE_KEYS.tutorialDismissed) !== 'true';
}
