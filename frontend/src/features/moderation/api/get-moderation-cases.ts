import type { ModerationCase } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';
import { moderationKeys } from './keys';

export type { ModerationCase };
export type CaseTab = 'open' | 'appealed' | 'decided';

export const getModerationCases = (status: CaseTab, signal?: AbortSignal) =>
  api.get<ModerationCase[]>(withQuery(apiPath('moderationCases'), { status }), signal);

/** The review queue asks afresh each time it is opened: other moderators decide meanwhile. */
export const moderationCasesQueryOptions = (status: CaseTab) =>
  queryOptions({ queryKey: moderationKeys.cases(status), queryFn: ({ signal }) => getModerationCases(status, signal), staleTime: 0 });

export const useModerationCases = (status: CaseTab) => useQuery(moderationCasesQueryOptions(status));
