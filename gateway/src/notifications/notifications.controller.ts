import { Body, Controller, Param, Query } from '@nestjs/common';
import { Calls, DomainError, ErrorCode, Notification, NotificationListQuery, Position, PushSubscriptionRequest, Routes } from '@curbside/contracts';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';
import { SessionRef } from '../session/session-ref.decorator';

/** A user's notifications are theirs alone: a path naming somebody else is refused. */
@Controller()
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.listNotifications)
  list(
    @Param(new ZodPipe(Routes.listNotifications.params)) params: { userId: string },
    @Query(new ZodPipe(Routes.listNotifications.query)) query: NotificationListQuery,
    @Caller() callerId: string,
  ): Promise<Notification[]> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.notifications.list, query, callerId);
  }

  @ApiRoute(Routes.notificationCount)
  count(@Param(new ZodPipe(Routes.notificationCount.params)) params: { userId: string }, @Caller() callerId: string): Promise<{ count: number }> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.notifications.count, {}, callerId);
  }

  @ApiRoute(Routes.markNotificationRead)
  markRead(
    @Param(new ZodPipe(Routes.markNotificationRead.params)) params: { notificationId: string },
    @Caller() callerId: string,
  ): Promise<{ success: boolean }> {
    return this.services.call(Calls.notifications.markRead, { notificationId: params.notificationId }, callerId);
  }

  @ApiRoute(Routes.reportPosition)
  reportPosition(
    @Param(new ZodPipe(Routes.reportPosition.params)) params: { userId: string },
    @Body(new ZodPipe(Routes.reportPosition.body)) body: Position,
    @Caller() callerId: string,
  ): Promise<{ success: boolean }> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.notifications.reportPosition, body, callerId);
  }

  @ApiRoute(Routes.markAllNotificationsRead)
  readAll(
    @Param(new ZodPipe(Routes.markAllNotificationsRead.params)) params: { userId: string },
    @Caller() callerId: string,
  ): Promise<{ success: boolean; count: number }> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.notifications.readAll, {}, callerId);
  }

  @ApiRoute(Routes.pushPublicKey)
  pushPublicKey(@Caller() callerId: string): Promise<{ publicKey: string }> {
    return this.services.call(Calls.notifications.pushPublicKey, {}, callerId);
  }

  /**
   * The subscription is the session's member's, and lasts as long as the session: the service is told which session
   * (a digest naming it, never the token) and forgets the subscription when that session ends. Nothing in the body
   * names a member or a session.
   */
  @ApiRoute(Routes.createPushSubscription)
  subscribe(
    @Body(new ZodPipe(Routes.createPushSubscription.body)) body: PushSubscriptionRequest,
    @Caller() callerId: string,
    @SessionRef() sessionRef: string | null,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<{ id: string }> {
    if (!sessionRef) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    return this.services.call(Calls.notifications.pushSubscribe, { ...body, sessionRef }, callerId, { idempotencyKey });
  }

  @ApiRoute(Routes.deletePushSubscription)
  unsubscribe(
    @Param(new ZodPipe(Routes.deletePushSubscription.params)) params: { subscriptionId: string },
    @Caller() callerId: string,
  ): Promise<{ success: boolean }> {
    return this.services.call(Calls.notifications.pushUnsubscribe, { subscriptionId: params.subscriptionId }, callerId);
  }
}
