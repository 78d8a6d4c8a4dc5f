import { apiPath } from '@curbside/contracts/client';
import { api } from '../../../lib/api-client';

/** Turns scout mode on or off (the server allows it for verified users only). */
export const setScoutMode = (userId: string, scoutMode: boolean) => api.patch<{ scoutMode: boolean }>(apiPath('scoutMode', { id: userId }), { scoutMode });
