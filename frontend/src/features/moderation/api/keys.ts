import { ApiRoutes } from '@curbside/contracts/client';
import type { CaseTab } from './get-moderation-cases';

/** Owns every key of the moderation feature. */
export const moderationKeys = {
  all: [ApiRoutes.moderationCases.path] as const,
  cases: (status: CaseTab) => [ApiRoutes.moderationCases.path, status] as const,
};
