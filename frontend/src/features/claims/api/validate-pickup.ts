import type { PhotoValidationResult } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** pickupPhoto is the JPEG as base64 without its data-URL prefix. */
export const validatePickup = (itemId: string, pickupPhoto: string) =>
  api.post<PhotoValidationResult>(apiPath('validatePickup', { id: itemId }), { pickupPhoto });

export const useValidatePickup = () => useMutation({ mutationFn: ({ itemId, photo }: { itemId: string; photo: string }) => validatePickup(itemId, photo) });

/** What the result panel shows when the check itself failed (spec §8); the dialog loads on demand, so the value comes from the contracts. */
export { VALIDATION_SERVICE_ERROR as VALIDATION_ERROR_RESULT } from '@curbside/contracts';
