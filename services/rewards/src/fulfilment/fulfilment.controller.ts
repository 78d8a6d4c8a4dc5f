import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { Handles } from '@curbside/platform';
import { Admins } from './admins';
import { FulfilmentService } from './fulfilment.service';

/** Administrators' fulfilment calls: the role is checked with the users service at every call. */
@Controller()
export class FulfilmentController {
  constructor(
    private readonly admins: Admins,
    private readonly fulfilment: FulfilmentService,
  ) {}

  @Handles(Calls.rewards.fulfilment)
  async open(request: CallRequest<typeof Calls.rewards.fulfilment>) {
    await this.admins.require(request.meta.callerId);
    return this.fulfilment.open();
  }

  @Handles(Calls.rewards.fulfil)
  async fulfil(request: CallRequest<typeof Calls.rewards.fulfil>) {
    const adminId = await this.admins.require(request.meta.callerId);
    return this.fulfilment.fulfil(request.body.redemptionId, { adminId });
  }

  @Handles(Calls.rewards.cancelRedemption)
  async cancel(request: CallRequest<typeof Calls.rewards.cancelRedemption>) {
    const adminId = await this.admins.require(request.meta.callerId);
    return this.fulfilment.cancel(request.body.redemptionId, request.body.reason, { adminId });
  }
}
