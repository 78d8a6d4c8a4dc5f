import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { ModerationService } from './moderation.service';

/** The review queue's calls; ModerationService checks the moderator role on each (the appeal is the poster's). */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Handles(Calls.items.cases)
  cases(request: CallRequest<typeof Calls.items.cases>) {
    return this.moderation.cases(request.body, callerOf(request));
  }

  @Handles(Calls.items.decide)
  decide(request: CallRequest<typeof Calls.items.decide>) {
    const { caseId, ...decision } = request.body;
    return this.moderation.decide(caseId, decision, callerOf(request));
  }

  @Handles(Calls.items.appeal)
  appeal(request: CallRequest<typeof Calls.items.appeal>) {
    return this.moderation.appeal(request.body.caseId, { reason: request.body.reason }, callerOf(request));
  }
}
