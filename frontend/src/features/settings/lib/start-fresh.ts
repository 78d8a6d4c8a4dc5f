import { apiPath } from '@curbside/contracts/client';
import { api } from '../../../lib/api-client';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { unsubscribeThisDevice } from './push-device';

/**
 * Start Fresh (accounts spec §4): stops pushes to this browser, clears everything the app stored in the browser (the
 * user id, onboarding, location, terms and tutorial flags), and reloads.
 * The server's session ends too (POST /api/auth/logout clears the httpOnly cookie), else the next start-up
 * would still be signed in as the old account.
 */
export async function startFresh(reload: () => void = () => window.location.reload()): Promise<void> {
  // Pushes to this browser stop first, while the session can still remove its subscription: the next account on this
  // device must not receive the old one's alerts.
  await unsubscribeThisDevice().catch((error) => console.warn('Stopping pushes to this browser failed', error));
  try {
    await api.post(apiPath('logout'));
  } catch (error) {
    // The browser forgets the account anyway; a new one replaces the session at the next start-up.
    console.warn('Ending the session failed', error);
  }
  // Everything this app keeps in the browser goes: the account, onboarding, location and a chosen place, accepted
  // safety and scout terms, the tutorial's flags, the last badge shown, the stored radius.
  for (const key of Object.values(STORAGE_KEYS)) storage.remove(key);
  reload();
}
