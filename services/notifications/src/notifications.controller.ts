import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { PushService } from './delivery/push.service';
import { NotificationsService } from './store/notifications.service';

/** Every call is about the session's user's own notifications; the gateway checked the path's user id. */
@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly push: PushService,
  ) {}

  @Handles(Calls.notifications.list)
  list(request: CallRequest<typeof Calls.notifications.list>) {
    return this.notifications.list(callerOf(request), request.body);
  }

  @Handles(Calls.notifications.count)
  count(request: CallRequest<typeof Calls.notifications.count>) {
    return this.notifications.count(callerOf(request));
  }

  @Handles(Calls.notifications.markRead)
  markRead(request: CallRequest<typeof Calls.notifications.markRead>) {
    return this.notifications.markRead(request.body.notificationId, callerOf(request));
  }

  @Handles(Calls.notifications.reportPosition)
  reportPosition(request: CallRequest<typeof Calls.notifications.reportPosition>) {
    return this.notifications.reportPosition(callerOf(request), request.body);
  }

  /** Internal: the gateway names the members whose streams it holds. */
  @Handles(Calls.notifications.live)
  live(request: CallRequest<typeof Calls.notifications.live>) {
    return this.notifications.liveBatch(request.body);
  }

  /** Internal: the emergency lookup, which checked the admin, the elevation and the reason. */
  @Handles(Calls.notifications.lastPosition)
  lastPosition(request: CallRequest<typeof Calls.notifications.lastPosition>) {
    return this.notifications.lastPosition(request.body.userId);
  }

  @Handles(Calls.notifications.readAll)
  readAll(request: CallRequest<typeof Calls.notifications.readAll>) {
    return this.notifications.readAll(callerOf(request));
  }

  @Handles(Calls.notifications.pushPublicKey)
  pushPublicKey() {
    return this.push.publicKey();
  }

  @Handles(Calls.notifications.pushSubscribe)
  @Idempotent()
  pushSubscribe(request: CallRequest<typeof Calls.notifications.pushSubscribe>) {
    return this.push.subscribe(callerOf(request), request.body);
  }

  @Handles(Calls.notifications.pushUnsubscribe)
  pushUnsubscribe(request: CallRequest<typeof Calls.notifications.pushUnsubscribe>) {
    return this.push.unsubscribe(callerOf(request), request.body.subscriptionId);
  }
}
