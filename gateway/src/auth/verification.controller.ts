import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@curbside/platform';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { Calls, DomainError, ErrorCode, Routes, SuccessResponse, VerificationStatus, VerifyUserRequest } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';
import { keepDeviceCookie } from '../session/device-cookie';
import { AuthThrottle } from './auth-throttle.decorator';
import { codeRequester } from './code-requester';

@Controller()
export class VerificationController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiRoute(Routes.phoneSendCode)
  @AuthThrottle()
  sendCode(
    @Body(new ZodPipe(Routes.phoneSendCode.body)) body: { phone: string; name: string },
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId: string,
  ): Promise<SuccessResponse> {
    // The code is this browser's: only the device that asked may try it (docs/security.md, "Phone codes").
    keepDeviceCookie(reply, this.config);
    return this.services.call(Calls.users.startVerification, { ...body, requester: codeRequester(request) }, callerId);
  }

  @ApiRoute(Routes.phoneVerifyCode)
  @AuthThrottle()
  verifyCode(@Body(new ZodPipe(Routes.phoneVerifyCode.body)) body: { phone: string; code: string }, @Caller() callerId: string): Promise<SuccessResponse> {
    return this.services.call(Calls.users.confirmVerification, body, callerId);
  }

  @ApiRoute(Routes.verifyUser)
  @AuthThrottle()
  verifyUser(
    @Param(new ZodPipe(Routes.verifyUser.params)) params: { id: string },
    @Body(new ZodPipe(Routes.verifyUser.body)) body: VerifyUserRequest,
    @Req() request: HttpRequest,
    @Caller() callerId: string,
  ): Promise<SuccessResponse> {
    assertIsCaller(params.id, callerId);
    if (body.verificationMethod === 'email') {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, 'E-mail verification is not available. Please verify with your phone number.');
    }
    return this.services.call(Calls.users.startVerification, { name: body.name, phone: body.phone, requester: codeRequester(request) }, callerId);
  }

  @ApiRoute(Routes.verificationStatus)
  status(@Param(new ZodPipe(Routes.verificationStatus.params)) params: { userId: string }, @Caller() callerId: string): Promise<VerificationStatus> {
    assertIsCaller(params.userId, callerId);
    return this.services.call(Calls.users.verificationStatus, {}, callerId);
  }
}
