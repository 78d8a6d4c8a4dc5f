import { Controller } from '@nestjs/common';
import { CallRequest, Calls } from '@curbside/contracts';
import { callerOf, Handles } from '@curbside/platform';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Handles(Calls.items.messages)
  thread(request: CallRequest<typeof Calls.items.messages>) {
    return this.messages.thread(request.body.itemId, callerOf(request), request.body.with);
  }

  @Handles(Calls.items.messageThreads)
  threads(request: CallRequest<typeof Calls.items.messageThreads>) {
    return this.messages.threads(request.body.itemId, callerOf(request));
  }

  @Handles(Calls.items.sendMessage)
  send(request: CallRequest<typeof Calls.items.sendMessage>) {
    const { itemId, ...message } = request.body;
    return this.messages.send(itemId, callerOf(request), message);
  }

  @Handles(Calls.items.answerMeetAt)
  answer(request: CallRequest<typeof Calls.items.answerMeetAt>) {
    const { itemId, messageId, answer } = request.body;
    return this.messages.answerMeetAt(itemId, messageId, callerOf(request), answer);
  }
}
