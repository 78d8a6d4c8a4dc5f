import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { QueueService } from './queue.service';

@Controller()
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @Handles(Calls.items.joinQueue)
  join(request: CallRequest<typeof Calls.items.joinQueue>) {
    return this.queue.join(request.body.itemId, callerOf(request));
  }

  @Handles(Calls.items.leaveQueue)
  leave(request: CallRequest<typeof Calls.items.leaveQueue>) {
    return this.queue.leave(request.body.itemId, callerOf(request));
  }

  @Handles(Calls.items.queue)
  view(request: CallRequest<typeof Calls.items.queue>) {
    return this.queue.view(request.body.itemId, request.meta?.callerId);
  }

  @Handles(Calls.items.pickFromQueue)
  pick(request: CallRequest<typeof Calls.items.pickFromQueue>) {
    return this.queue.pick(request.body.itemId, callerOf(request), request.body.userId);
  }

  @Handles(Calls.items.releaseHold)
  releaseHold(request: CallRequest<typeof Calls.items.releaseHold>) {
    return this.queue.releaseHold(request.body.itemId, callerOf(request));
  }
}
