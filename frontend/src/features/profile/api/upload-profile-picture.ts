import { apiPath } from '@curbside/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-provider';

/** POST /api/users/:id/profile-picture, multipart field `profilePicture` (an image of at most 2 MB). */
export async function uploadProfilePicture(userId: string, file: File): Promise<{ profilePicture: string }> {
  const form = new FormData();
  form.append('profilePicture', file, file.name);
  const response = await fetch(apiPath('profilePicture', { id: userId }), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  return (await response.json()) as { profilePicture: string };
}

export function useUploadProfilePicture() {
  const { userId, refreshUser } = useSession();
  return useMutation({
    mutationFn: (file: File) => {
      if (!userId) throw new Error('Please refresh the page and try again');
      return uploadProfilePicture(userId, file);
    },
    // The header and the profile read the picture from the user record.
    onSuccess: () => refreshUser(),
  });
}
