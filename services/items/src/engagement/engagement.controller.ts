import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { itemIdCallSchema, parseOrThrow, Rpc, RpcRequest, stillThereCallSchema } from '@curbside/contracts';
import { callerOf } from '@curbside/platform';
import { EngagementService } from './engagement.service';

@Controller()
export class EngagementController {
  constructor(private readonly engagement: EngagementService) {}

  @MessagePattern(Rpc.items.vote)
  vote(@Payload() request: RpcRequest) {
    return this.engagement.vote(parseOrThrow(itemIdCallSchema, request.body).itemId, callerOf(request));
  }

  @MessagePattern(Rpc.items.stillThere)
  stillThere(@Payload() request: RpcRequest) {
    const { itemId, stillThere } = parseOrThrow(stillThereCallSchema, request.body);
    return this.engagement.stillThere(itemId, callerOf(request), stillThere);
  }

  @MessagePattern(Rpc.items.interest)
  interest(@Payload() request: RpcRequest) {
    return this.engagement.toggleInterest(parseOrThrow(itemIdCallSchema, request.body).itemId, callerOf(request));
  }
}
