import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  createUserCallSchema,
  CreateUserReply,
  getUserCallSchema,
  parseOrThrow,
  resolveSessionCallSchema,
  Rpc,
  RpcRequest,
  UserView,
} from '@curbside/contracts';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
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
}
