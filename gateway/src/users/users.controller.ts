import { Body, Controller, Param, Res } from '@nestjs/common';
import { CreateUserReply, CreateUserRequest, Routes, Rpc, User, UserView } from '@curbside/contracts';
import { APP_CONFIG, AppConfig } from '@curbside/platform';
import { Inject } from '@nestjs/common';
import type { Response } from 'express';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';
import { setSessionCookie } from '../session/session-cookie';

@Controller()
export class UsersController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiRoute(Routes.createUser)
  async create(
    @Body(new ZodPipe(Routes.createUser.body)) body: CreateUserRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<User> {
    const { user, sessionToken } = await this.services.call<CreateUserReply>(Rpc.users.create, body);
    setSessionCookie(response, sessionToken, this.config);
    return user;
  }

  @ApiRoute(Routes.getUser)
  get(@Param(new ZodPipe(Routes.getUser.params)) params: { id: string }, @Caller() callerId?: string): Promise<UserView> {
    return this.services.call(Rpc.users.get, { userId: params.id }, callerId);
  }
}
