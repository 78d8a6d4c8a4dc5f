import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import {
  Calls,
  DomainError,
  ErrorCode,
  OtherSessionsEnded,
  Routes,
  SendCodeResponse,
  SuccessResponse,
  VerifyCodeRequest,
  VerifyCodeResponse,
} from '@curbside/contracts';
import { APP_CONFIG, AppConfig } from '@curbside/platform';
import type { HttpReply, HttpRequest } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { keepDeviceCookie } from '../session/device-cookie';
import { SessionCache } from '../session/session-cache';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../session/session-cookie';
import { AuthThrottle } from './auth-throttle.decorator';
import { codeRequester } from './code-requester';

@Controller()
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionCache,
  ) {}

  @ApiRoute(Routes.sendCode)
  @AuthThrottle()
  sendCode(
    @Body(new ZodPipe(Routes.sendCode.body)) body: { phoneNumber: string },
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<SendCodeResponse> {
    // The code is this browser's: only the device that asked may try it (docs/security.md, "Phone codes").
    keepDeviceCookie(reply, this.config);
    return this.services.call(Calls.users.sendLoginCode, { ...body, requester: codeRequester(request) });
  }

  @ApiRoute(Routes.verifyCode)
  @AuthThrottle()
  async verifyCode(
    @Body(new ZodPipe(Routes.verifyCode.body)) body: VerifyCodeRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<VerifyCodeResponse> {
    const signIn = await this.services.call(Calls.users.verifyLoginCode, body);
    if (signIn.sessionToken) setSessionCookie(reply, signIn.sessionToken, this.config);
    return signIn.response;
  }

  @ApiRoute(Routes.logout)
  async logout(@Req() request: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<SuccessResponse> {
    const token = sessionTokenOf(request);
    if (token) {
      await this.services.call(Calls.users.revokeSession, { token });
      this.sessions.forgetToken(token);
    }
    clearSessionCookie(reply);
    return { success: true, message: 'Signed out' };
  }

  /** Ends the member's other sessions; this cookie's session stays (the route needs a live one). */
  @ApiRoute(Routes.logoutOthers)
  async logoutOthers(@Req() request: HttpRequest): Promise<OtherSessionsEnded> {
    const token = sessionTokenOf(request);
    if (!token) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in first');
    return this.services.call(Calls.users.revokeOtherSessions, { token });
  }
}
