import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { SpotlightsService } from './spotlights.service';

@Controller()
export class SpotlightsController {
  constructor(private readonly spotlights: SpotlightsService) {}

  @Handles(Calls.items.spotlightAdmissible)
  admissible(request: CallRequest<typeof Calls.items.spotlightAdmissible>) {
    return this.spotlights.admissible(request.body.itemId, callerOf(request));
  }
}
