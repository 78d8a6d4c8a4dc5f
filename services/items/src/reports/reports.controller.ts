import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Handles(Calls.items.report)
  @Idempotent()
  file(request: CallRequest<typeof Calls.items.report>) {
    return this.reports.file(request.body, callerOf(request));
  }
}
