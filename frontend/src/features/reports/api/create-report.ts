import { REPORT_TYPES, type CreateReportRequest } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { sendOnce } from '../../../lib/send-once';

// The report sheet loads on demand, so it can take its lists from the contracts without weighing on the first screen.
export { REPORT_REQUIRED_MESSAGE, REPORT_TYPES } from '@curbside/contracts';
export type ReportType = (typeof REPORT_TYPES)[number];

export const createReport = (body: CreateReportRequest) => sendOnce<{ success: boolean; message: string; id: string }>('POST', apiPath('report'), body);
export const useCreateReport = () => useMutation({ mutationFn: createReport });
