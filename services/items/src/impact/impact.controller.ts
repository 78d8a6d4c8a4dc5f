import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { Handles } from '@curbside/platform';
import { ImpactService } from './impact.service';

@Controller()
export class ImpactController {
  constructor(private readonly impact: ImpactService) {}

  @Handles(Calls.items.areaImpact)
  area(request: CallRequest<typeof Calls.items.areaImpact>) {
    return this.impact.area(request.body.lat, request.body.lng);
  }

  @Handles(Calls.items.memberImpact)
  member(request: CallRequest<typeof Calls.items.memberImpact>) {
    return this.impact.member(request.body.userId);
  }
}
