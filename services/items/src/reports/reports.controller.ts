import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { createReportCallSchema, parseOrThrow, Rpc, RpcRequest } from '@curbside/contracts';
import { callerOf, Idempotent } from '@curbside/platform';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(Rpc.items.report)
  @Idempotent()
  file(@Payload() request: RpcRequest) {
    return this.reports.file(parseOrThrow(createReportCallSchema, request.body), callerOf(request));
  }
}
