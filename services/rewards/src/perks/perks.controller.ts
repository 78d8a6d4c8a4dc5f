import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { PerksService } from './perks.service';

@Controller()
export class PerksController {
  constructor(private readonly perks: PerksService) {}

  @Handles(Calls.rewards.perks)
  list(request: CallRequest<typeof Calls.rewards.perks>) {
    return this.perks.list(callerOf(request));
  }

  @Handles(Calls.rewards.usePerk)
  @Idempotent()
  use(request: CallRequest<typeof Calls.rewards.usePerk>) {
    return this.perks.use(callerOf(request), request.body.redemptionId, request.body.itemId);
  }
}
