import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { claimCallSchema, itemIdCallSchema, parseOrThrow, Rpc, RpcRequest, validatePickupCallSchema } from '@curbside/contracts';
import { callerOf, Idempotent } from '@curbside/platform';
import { ClaimsService } from './claims.service';

@Controller()
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @MessagePattern(Rpc.items.claim)
  @Idempotent()
  claim(@Payload() request: RpcRequest) {
    const { itemId, photoHash } = parseOrThrow(claimCallSchema, request.body);
    return this.claims.claim(itemId, callerOf(request), photoHash);
  }

  /** Asked before a pickup photo is stored: the photo of a request that would be refused is never kept. */
  @MessagePattern(Rpc.items.pickupAdmissible)
  pickupAdmissible(@Payload() request: RpcRequest) {
    return this.claims.assertPickupAdmissible(parseOrThrow(itemIdCallSchema, request.body).itemId, callerOf(request));
  }

  @MessagePattern(Rpc.items.validatePickup)
  validatePickup(@Payload() request: RpcRequest) {
    const { itemId, photoKey, photoHash } = parseOrThrow(validatePickupCallSchema, request.body);
    return this.claims.validatePickup(itemId, callerOf(request), photoKey, photoHash);
  }
}
