import { Body, Controller, Param, Query } from '@nestjs/common';
import { AnswerMeetAtRequest, Calls, MessageThreadQuery, Routes, SendMessageRequest } from '@curbside/contracts';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { Caller } from '../session/caller.decorator';

type IdParams = { id: string };
type MessageParams = { id: string; messageId: string };

/** Handover messages: the items service decides who is in a thread; the caller comes from the session only. */
@Controller()
export class MessagesController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.messages)
  thread(
    @Param(new ZodPipe(Routes.messages.params)) params: IdParams,
    @Query(new ZodPipe(Routes.messages.query)) query: MessageThreadQuery,
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.messages, { itemId: params.id, with: query.with }, callerId);
  }

  @ApiRoute(Routes.messageThreads)
  threads(@Param(new ZodPipe(Routes.messageThreads.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.items.messageThreads, { itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.sendMessage)
  send(
    @Param(new ZodPipe(Routes.sendMessage.params)) params: IdParams,
    @Body(new ZodPipe(Routes.sendMessage.body)) body: SendMessageRequest,
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.sendMessage, { itemId: params.id, ...body }, callerId);
  }

  @ApiRoute(Routes.answerMeetAt)
  answerMeetAt(
    @Param(new ZodPipe(Routes.answerMeetAt.params)) params: MessageParams,
    @Body(new ZodPipe(Routes.answerMeetAt.body)) body: AnswerMeetAtRequest,
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.answerMeetAt, { itemId: params.id, messageId: params.messageId, answer: body.answer }, callerId);
  }
}
