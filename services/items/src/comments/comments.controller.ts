import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { CommentsService } from './comments.service';

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Handles(Calls.items.comments)
  list(request: CallRequest<typeof Calls.items.comments>) {
    return this.comments.list(request.body.itemId, request.meta.callerId);
  }

  @Handles(Calls.items.createComment)
  @Idempotent()
  create(request: CallRequest<typeof Calls.items.createComment>) {
    const { itemId, content } = request.body;
    return this.comments.create(itemId, callerOf(request), content);
  }

  @Handles(Calls.items.updateComment)
  update(request: CallRequest<typeof Calls.items.updateComment>) {
    const { itemId, commentId, content } = request.body;
    return this.comments.update(itemId, commentId, callerOf(request), content);
  }

  @Handles(Calls.items.deleteComment)
  delete(request: CallRequest<typeof Calls.items.deleteComment>) {
    const { itemId, commentId } = request.body;
    return this.comments.delete(itemId, commentId, callerOf(request));
  }

  @Handles(Calls.items.monthlyComments)
  monthly(request: CallRequest<typeof Calls.items.monthlyComments>) {
    return this.comments.monthly(callerOf(request));
  }
}
