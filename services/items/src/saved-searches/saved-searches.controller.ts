import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { SavedSearchesService } from './saved-searches.service';

@Controller()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Handles(Calls.items.savedSearches)
  list(request: CallRequest<typeof Calls.items.savedSearches>) {
    return this.searches.list(callerOf(request));
  }

  @Handles(Calls.items.createSavedSearch)
  @Idempotent()
  create(request: CallRequest<typeof Calls.items.createSavedSearch>) {
    return this.searches.create(request.body, callerOf(request));
  }

  @Handles(Calls.items.deleteSavedSearch)
  delete(request: CallRequest<typeof Calls.items.deleteSavedSearch>) {
    return this.searches.delete(request.body.savedSearchId, callerOf(request));
  }

  @Handles(Calls.items.setSavedSearchAutoClaim)
  setAutoClaim(request: CallRequest<typeof Calls.items.setSavedSearchAutoClaim>) {
    return this.searches.change(request.body.savedSearchId, request.body, callerOf(request));
  }

  @Handles(Calls.items.wanted)
  wanted(request: CallRequest<typeof Calls.items.wanted>) {
    return this.searches.wanted(request.body, request.meta.callerId);
  }
}
