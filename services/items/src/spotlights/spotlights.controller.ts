import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { SpotlightsService } from './spotlights.service';

@Controller()
export class SpotlightsController {
  constructor(private readonly spotlights: SpotlightsService) {}

  @Handles(Calls.items.startSpotlight)
  start(request: CallRequest<typeof Calls.items.startSpotlight>) {
    return this.spotlights.start(request.body, callerOf(request));
  }
}
