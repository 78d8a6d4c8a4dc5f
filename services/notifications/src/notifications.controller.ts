import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { liveBatchCallSchema, notificationIdCallSchema, notificationListQuerySchema, parseOrThrow, positionSchema, Rpc, RpcRequest } from '@curbside/contracts';
import { callerOf } from '@curbside/platform';
import { NotificationsService } from './store/notifications.service';

/** Every call is about the session's user's own notifications; the gateway checked the path's user id. */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(Rpc.notifications.list)
  list(@Payload() request: RpcRequest) {
    return this.notifications.list(callerOf(request), parseOrThrow(notificationListQuerySchema, request.body));
  }

  @MessagePattern(Rpc.notifications.count)
  count(@Payload() request: RpcRequest) {
    return this.notifications.count(callerOf(request));
  }

  @MessagePattern(Rpc.notifications.markRead)
  markRead(@Payload() request: RpcRequest) {
    return this.notifications.markRead(parseOrThrow(notificationIdCallSchema, request.body).notificationId, callerOf(request));
  }

  @MessagePattern(Rpc.notifications.reportPosition)
  reportPosition(@Payload() request: RpcRequest) {
    return this.notifications.reportPosition(callerOf(request), parseOrThrow(positionSchema, request.body));
  }

  /** Internal: the gateway names the members whose streams it holds. */
  @MessagePattern(Rpc.notifications.live)
  live(@Payload() request: RpcRequest) {
    return this.notifications.liveBatch(parseOrThrow(liveBatchCallSchema, request.body));
  }

  @MessagePattern(Rpc.notifications.readAll)
  readAll(@Payload() request: RpcRequest) {
    return this.notifications.readAll(callerOf(request));
  }
}
