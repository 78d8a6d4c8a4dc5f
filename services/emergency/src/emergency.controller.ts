import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { EmergencyAccessService } from './access/emergency-access.service';
import { Handles } from '@curbside/platform';

@Controller()
export class EmergencyController {
  constructor(private readonly emergency: EmergencyAccessService) {}

  @Handles(Calls.emergency.unlock)
  unlock(request: CallRequest<typeof Calls.emergency.unlock>) {
    return this.emergency.unlock(request.meta.callerId, request.body);
  }

  @Handles(Calls.emergency.access)
  access(request: CallRequest<typeof Calls.emergency.access>) {
    return this.emergency.access(request.meta.callerId, request.body);
  }

  @Handles(Calls.emergency.logs)
  logs(request: CallRequest<typeof Calls.emergency.logs>) {
    return this.emergency.logs(request.meta.callerId, request.body.adminUserId, request.body.sessionKey);
  }
}
