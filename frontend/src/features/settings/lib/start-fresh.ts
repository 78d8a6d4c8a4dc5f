import { apiPath } from '@curbside/contracts/client';
import { api } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

/**
 * Start Fresh (accounts spec §4): clears the stored user id, the onboarding and location flags, and reloads.
 * The server's session ends too (POST /api/auth/logout clears the httpOnly cookie), else the next start-up
 * would still be signed in as the old account.
 */
export async function startFresh(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await api.post(apiPath('logout'));
  } catch (error) {
    // The browser forgets the account anyway; a new one replaces the session at the next start-up.
    console.warn('Ending the session failed', error);
  }
  storage.remove(STORAGE_KEYS.userId);
  storage.remove(STORAGE_KEYS.onboardingCompleted);
  storage.remove(STORAGE_KEYS.locationPermitted);
  reload();
}
