import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  Calls,
  CreateUserRequest,
  NotificationPreferences,
  NotificationPreferencesRequest,
  Routes,
  SubscriptionTier,
  PublicNameRequest,
  User,
  UserView,
} from '@curbside/contracts';
import { APP_CONFIG, AppConfig } from '@curbside/platform';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';
import { setSessionCookie } from '../session/session-cookie';
import { ImagePresets } from '../uploads/image.presets';
import { UploadsService } from '../uploads/uploads.service';

type IdParams = { id: string };

/** How long the member's own view waits for their pending points (asked alongside the view itself). */
const PENDING_POINTS_TIMEOUT_MS = 1500;

@Controller()
export class UsersController {
  constructor(
    private readonly services: ServiceClient,
    private readonly uploads: UploadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiRoute(Routes.createUser)
  async create(@Body(new ZodPipe(Routes.createUser.body)) body: CreateUserRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<User> {
    const { user, sessionToken } = await this.services.call(Calls.users.create, body);
    setSessionCookie(reply, sessionToken, this.config);
    return user;
  }

  /**
   * A member reading themselves also gets their pending points and current balance (docs/product-rules.md, "Points"), which only the
   * rewards service knows; when it does not answer within PENDING_POINTS_TIMEOUT_MS, the view goes without them
   * rather than failing or waiting for the whole RPC timeout.
   */
  @ApiRoute(Routes.getUser)
  async get(@Param(new ZodPipe(Routes.getUser.params)) params: IdParams, @Caller() callerId?: string): Promise<UserView> {
    const own = callerId !== undefined && callerId === params.id;
    const [view, points] = await Promise.all([
      this.services.call(Calls.users.get, { userId: params.id }, callerId),
      own ? this.services.call(Calls.rewards.balance, { userId: params.id }, undefined, PENDING_POINTS_TIMEOUT_MS).catch(() => undefined) : undefined,
    ]);
    // The ledger's own balance rather than the users service's copy, which learns of each entry a moment later:
    // right after a redemption or a badge the member's screens show the figure the ledger already holds.
    return points && 'isVerified' in view ? { ...view, points: points.balance, pendingPoints: points.pendingPoints } : view;
  }

  @ApiRoute(Routes.scoutMode)
  scoutMode(
    @Param(new ZodPipe(Routes.scoutMode.params)) params: IdParams,
    @Body(new ZodPipe(Routes.scoutMode.body)) body: { scoutMode?: boolean },
    @Caller() callerId: string,
  ): Promise<{ scoutMode: boolean }> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.setScoutMode, body, callerId);
  }

  @ApiRoute(Routes.setPublicName)
  setPublicName(
    @Param(new ZodPipe(Routes.setPublicName.params)) params: IdParams,
    @Body(new ZodPipe(Routes.setPublicName.body)) body: PublicNameRequest,
    @Caller() callerId: string,
  ): Promise<User> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.setPublicName, body, callerId);
  }

  @ApiRoute(Routes.notificationPreferences)
  notificationPreferences(
    @Param(new ZodPipe(Routes.notificationPreferences.params)) params: IdParams,
    @Body(new ZodPipe(Routes.notificationPreferences.body)) body: NotificationPreferencesRequest,
    @Caller() callerId: string,
  ): Promise<NotificationPreferences> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.updatePreferences, body, callerId);
  }

  @ApiRoute(Routes.subscription)
  subscription(
    @Param(new ZodPipe(Routes.subscription.params)) params: IdParams,
    @Body(new ZodPipe(Routes.subscription.body)) body: { tier: SubscriptionTier },
    @Caller() callerId: string,
  ): Promise<User> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.setSubscription, body, callerId);
  }

  /** Checked before a byte is read: nobody uploads onto somebody else's profile. */
  @ApiRoute(Routes.profilePicture)
  async profilePicture(
    @Param(new ZodPipe(Routes.profilePicture.params)) params: IdParams,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId: string,
  ): Promise<{ profilePicture: string }> {
    assertIsCaller(params.id, callerId);
    const { url } = await this.uploads.receiveImage({ request: request.raw, response: reply.raw }, ImagePresets.profilePicture);
    const { profilePicture, replaced } = await this.services.call(Calls.users.setProfilePicture, { url }, callerId);
    // The picture it replaced is shown nowhere any more (only the member's record names it).
    await this.uploads.forget(replaced, ImagePresets.profilePicture);
    return { profilePicture };
  }

  @ApiRoute(Routes.adminStatus)
  adminStatus(
    @Param(new ZodPipe(Routes.adminStatus.params)) params: IdParams,
    @Caller() callerId: string,
  ): Promise<{ isAdmin: boolean; isModerator: boolean }> {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.adminStatus, {}, callerId);
  }
}
