import { ApiRoutes } from '@curbside/contracts/client';

/** Owns every query key of the session (lib/session): the member's record, their verification status and their rights. */
export const userKeys = {
  detail: (id: string | null) => [ApiRoutes.createUser.path, id] as const,
  /** What the member may do beyond a member: administrator, moderator. */
  adminStatus: (userId: string) => ['/api/users', userId, 'admin-status'] as const,
  verificationStatus: (userId: string | null) => ['/api/verification/status', userId] as const,
};
