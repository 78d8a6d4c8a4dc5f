import { ApiRoutes } from '@curbside/contracts/client';

/** Owns every key of the blocks feature. */
export const blockKeys = { list: [ApiRoutes.blockedMembers.path] as const };
