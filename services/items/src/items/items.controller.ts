import { Controller } from '@nestjs/common';
import { CallRequest, Calls, FeedReply, Item, PostedItem, TopFindsReply } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { ItemsService } from './items.service';

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @Handles(Calls.items.create)
  @Idempotent()
  create(request: CallRequest<typeof Calls.items.create>): Promise<PostedItem> {
    return this.items.post(request.body, callerOf(request), request.meta.device);
  }

  @Handles(Calls.items.feed)
  feed(request: CallRequest<typeof Calls.items.feed>): Promise<FeedReply> {
    return this.items.feed(request.body, request.meta.callerId);
  }

  @Handles(Calls.items.topFinds)
  topFinds(request: CallRequest<typeof Calls.items.topFinds>): Promise<TopFindsReply> {
    return this.items.topFinds(request.body, request.meta.callerId);
  }

  @Handles(Calls.items.similar)
  similar(request: CallRequest<typeof Calls.items.similar>): Promise<Item[]> {
    return this.items.similar(request.body, request.meta.callerId);
  }

  @Handles(Calls.items.byUser)
  byUser(request: CallRequest<typeof Calls.items.byUser>): Promise<Item[]> {
    return this.items.byUser(request.body.userId, request.meta.callerId);
  }

  @Handles(Calls.items.get)
  get(request: CallRequest<typeof Calls.items.get>): Promise<Item> {
    return this.items.get(request.body.itemId, request.meta.callerId);
  }

  @Handles(Calls.items.update)
  update(request: CallRequest<typeof Calls.items.update>): Promise<Item> {
    const { itemId, ...changes } = request.body;
    return this.items.update(itemId, changes, callerOf(request));
  }

  @Handles(Calls.items.delete)
  delete(request: CallRequest<typeof Calls.items.delete>) {
    return this.items.delete(request.body.itemId, callerOf(request));
  }
}
