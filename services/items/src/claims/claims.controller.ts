import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { ClaimsService } from './claims.service';

@Controller()
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Handles(Calls.items.claim)
  @Idempotent()
  claim(request: CallRequest<typeof Calls.items.claim>) {
    const { itemId, photoHash } = request.body;
    return this.claims.claim(itemId, callerOf(request), photoHash, request.meta.device);
  }

  /** Asked before a pickup photo is stored: the photo of a request that would be refused is never kept. */
  @Handles(Calls.items.pickupAdmissible)
  pickupAdmissible(request: CallRequest<typeof Calls.items.pickupAdmissible>) {
    return this.claims.assertPickupAdmissible(request.body.itemId, callerOf(request));
  }

  @Handles(Calls.items.validatePickup)
  validatePickup(request: CallRequest<typeof Calls.items.validatePickup>) {
    const { itemId, photoKey, photoHash } = request.body;
    return this.claims.validatePickup(itemId, callerOf(request), photoKey, photoHash);
  }

  @Handles(Calls.items.pickup)
  pickup(request: CallRequest<typeof Calls.items.pickup>) {
    return this.claims.pickup(request.body.itemId, callerOf(request));
  }
}
