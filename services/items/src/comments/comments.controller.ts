import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  commentCallSchema,
  createCommentCallSchema,
  itemIdCallSchema,
  parseOrThrow,
  Rpc,
  RpcRequest,
  updateCommentCallSchema,
} from '@curbside/contracts';
import { callerOf, Idempotent } from '@curbside/platform';
import { CommentsService } from './comments.service';

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @MessagePattern(Rpc.items.comments)
  list(@Payload() request: RpcRequest) {
    return this.comments.list(parseOrThrow(itemIdCallSchema, request.body).itemId);
  }

  @MessagePattern(Rpc.items.createComment)
  @Idempotent()
  create(@Payload() request: RpcRequest) {
    const { itemId, content } = parseOrThrow(createCommentCallSchema, request.body);
    return this.comments.create(itemId, callerOf(request), content);
  }

  @MessagePattern(Rpc.items.updateComment)
  update(@Payload() request: RpcRequest) {
    const { itemId, commentId, content } = parseOrThrow(updateCommentCallSchema, request.body);
    return this.comments.update(itemId, commentId, callerOf(request), content);
  }

  @MessagePattern(Rpc.items.deleteComment)
  delete(@Payload() request: RpcRequest) {
    const { itemId, commentId } = parseOrThrow(commentCallSchema, request.body);
    return this.comments.delete(itemId, commentId, callerOf(request));
  }

  @MessagePattern(Rpc.items.monthlyComments)
  monthly(@Payload() request: RpcRequest) {
    return this.comments.monthly(callerOf(request));
  }
}
