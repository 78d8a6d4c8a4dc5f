import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  adminStatusSchema,
  confirmVerificationCallSchema,
  createUserCallSchema,
  emergencyLookupCallSchema,
  CreateUserReply,
  getUserCallSchema,
  notificationPreferencesRequestSchema,
  parseOrThrow,
  phoneNumberSchema,
  otpCodeSchema,
  resolveSessionCallSchema,
  revokeSessionCallSchema,
  Rpc,
  RpcRequest,
  scoutModeRequestSchema,
  sendCodeRequestSchema,
  setProfilePictureCallSchema,
  startVerificationCallSchema,
  subscriptionRequestSchema,
  User,
  UserView,
  verifyCodeRequestSchema,
} from '@curbside/contracts';
import { callerOf } from '@curbside/platform';
import { z } from 'zod';
import { AuthService } from '../auth/auth.service';
import { SessionsService } from '../sessions/sessions.service';
import { VerificationService } from '../verification/verification.service';
import { UsersService } from './users.service';

/** Request/reply handlers; the acting user is always the session's (callerOf), never an id in the body. */
/** The client's address, added by the gateway to the code-sending calls (quotas are per requester and number). */
const requesterShape = { requester: z.string().max(100).optional() };

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly auth: AuthService,
    private readonly verification: VerificationService,
  ) {}

  @MessagePattern(Rpc.users.create)
  create(@Payload() request: RpcRequest): Promise<CreateUserReply> {
    return this.users.create(parseOrThrow(createUserCallSchema, request.body));
  }

  @MessagePattern(Rpc.users.get)
  get(@Payload() request: RpcRequest): Promise<UserView> {
    const { userId } = parseOrThrow(getUserCallSchema, request.body);
    return this.users.get(userId, request.meta.callerId);
  }

  @MessagePattern(Rpc.users.resolveSession)
  async resolveSession(@Payload() request: RpcRequest): Promise<{ userId: string | null }> {
    const { token } = parseOrThrow(resolveSessionCallSchema, request.body);
    return { userId: await this.sessions.resolve(token) };
  }

  @MessagePattern(Rpc.users.revokeSession)
  async revokeSession(@Payload() request: RpcRequest): Promise<{ success: boolean }> {
    await this.sessions.revoke(parseOrThrow(revokeSessionCallSchema, request.body).token);
    return { success: true };
  }

  @MessagePattern(Rpc.users.sendLoginCode)
  sendLoginCode(@Payload() request: RpcRequest) {
    const body = parseOrThrow(sendCodeRequestSchema.extend(requesterShape), request.body);
    return this.auth.sendLoginCode(body.phoneNumber, body.requester);
  }

  @MessagePattern(Rpc.users.verifyLoginCode)
  verifyLoginCode(@Payload() request: RpcRequest) {
    return this.auth.verifyLoginCode(parseOrThrow(verifyCodeRequestSchema, request.body));
  }

  @MessagePattern(Rpc.users.startVerification)
  startVerification(@Payload() request: RpcRequest) {
    const body = parseOrThrow(startVerificationCallSchema.extend({ phone: phoneNumberSchema, ...requesterShape }), request.body);
    return this.verification.start(callerOf(request), body.name, body.phone, body.requester);
  }

  @MessagePattern(Rpc.users.confirmVerification)
  confirmVerification(@Payload() request: RpcRequest) {
    const body = parseOrThrow(confirmVerificationCallSchema.extend({ phone: phoneNumberSchema, code: otpCodeSchema }), request.body);
    return this.verification.confirm(callerOf(request), body.phone, body.code);
  }

  @MessagePattern(Rpc.users.verificationStatus)
  verificationStatus(@Payload() request: RpcRequest) {
    return this.verification.status(callerOf(request));
  }

  @MessagePattern(Rpc.users.setScoutMode)
  setScoutMode(@Payload() request: RpcRequest) {
    return this.users.setScoutMode(callerOf(request), parseOrThrow(scoutModeRequestSchema, request.body).scoutMode);
  }

  @MessagePattern(Rpc.users.updatePreferences)
  updatePreferences(@Payload() request: RpcRequest) {
    return this.users.updatePreferences(callerOf(request), parseOrThrow(notificationPreferencesRequestSchema, request.body));
  }

  @MessagePattern(Rpc.users.setSubscription)
  setSubscription(@Payload() request: RpcRequest) {
    return this.users.setSubscription(callerOf(request), parseOrThrow(subscriptionRequestSchema, request.body).tier);
  }

  @MessagePattern(Rpc.users.adminStatus)
  adminStatus(@Payload() request: RpcRequest): Promise<z.infer<typeof adminStatusSchema>> {
    return this.users.adminStatus(callerOf(request));
  }

  /** Only the emergency service asks, after its own admin, password and reason checks (never the gateway). */
  @MessagePattern(Rpc.users.emergencyLookup)
  emergencyLookup(@Payload() request: RpcRequest): Promise<User> {
    return this.users.emergencyLookup(parseOrThrow(emergencyLookupCallSchema, request.body));
  }

  @MessagePattern(Rpc.users.setProfilePicture)
  setProfilePicture(@Payload() request: RpcRequest) {
    return this.users.setProfilePicture(callerOf(request), parseOrThrow(setProfilePictureCallSchema, request.body).url);
  }
}
