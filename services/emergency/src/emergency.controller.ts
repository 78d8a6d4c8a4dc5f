import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { emergencyAccessRequestSchema, emergencyLogsQuerySchema, parseOrThrow, Rpc, RpcRequest } from '@curbside/contracts';
import { EmergencyAccessService } from './access/emergency-access.service';

@Controller()
export class EmergencyController {
  constructor(private readonly emergency: EmergencyAccessService) {}

  @MessagePattern(Rpc.emergency.access)
  access(@Payload() request: RpcRequest) {
    return this.emergency.access(request.meta.callerId, parseOrThrow(emergencyAccessRequestSchema, request.body));
  }

  @MessagePattern(Rpc.emergency.logs)
  logs(@Payload() request: RpcRequest) {
    return this.emergency.logs(request.meta.callerId, parseOrThrow(emergencyLogsQuerySchema, request.body).adminUserId);
  }
}
