import { Controller } from '@nestjs/common';
import { CallRequest, Calls, Place } from '@curbside/contracts';
import { Handles } from '@curbside/platform';
import { PlacesService } from './places.service';

@Controller()
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  @Handles(Calls.items.findPlaces)
  find(request: CallRequest<typeof Calls.items.findPlaces>): Promise<Place[]> {
    return Promise.resolve(this.places.find(request.body.q));
  }
}
