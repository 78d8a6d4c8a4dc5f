import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { EngagementService } from './engagement.service';

@Controller()
export class EngagementController {
  constructor(private readonly engagement: EngagementService) {}

  @Handles(Calls.items.vote)
  vote(request: CallRequest<typeof Calls.items.vote>) {
    return this.engagement.vote(request.body.itemId, callerOf(request));
  }

  @Handles(Calls.items.stillThere)
  stillThere(request: CallRequest<typeof Calls.items.stillThere>) {
    const { itemId, stillThere } = request.body;
    return this.engagement.stillThere(itemId, callerOf(request), stillThere, request.meta.device);
  }

  @Handles(Calls.items.interest)
  interest(request: CallRequest<typeof Calls.items.interest>) {
    return this.engagement.toggleInterest(request.body.itemId, callerOf(request));
  }
}
