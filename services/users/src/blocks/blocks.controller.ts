import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { BlocksService } from './blocks.service';

@Controller()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Handles(Calls.users.block)
  block(request: CallRequest<typeof Calls.users.block>) {
    return this.blocks.block(callerOf(request), request.body.userId);
  }

  @Handles(Calls.users.unblock)
  unblock(request: CallRequest<typeof Calls.users.unblock>) {
    return this.blocks.unblock(callerOf(request), request.body.userId);
  }

  @Handles(Calls.users.blocked)
  blocked(request: CallRequest<typeof Calls.users.blocked>) {
    return this.blocks.blocked(callerOf(request));
  }
}
