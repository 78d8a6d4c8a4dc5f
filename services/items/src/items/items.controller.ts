import { Controller } from '@nestjs/common';
import { CallRequest, Calls, FeedReply, Item, PostedItem, TopFindsReply } from '@curbside/contracts';
import { callerOf, Handles, Idempotent } from '@curbside/platform';
import { ItemPhotosService } from './item-photos.service';
import { ItemsService } from './items.service';

@Controller()
export class ItemsController {
  constructor(
    private readonly items: ItemsService,
    private readonly photos: ItemPhotosService,
  ) {}

  @Handles(Calls.items.create)
  @Idempotent()
  create(request: CallRequest<typeof Calls.items.create>): Promise<PostedItem> {
    return this.items.post(request.body, callerOf(request), request.meta.device);
  }

  @Handles(Calls.items.expectItemPhoto)
  expectItemPhoto(request: CallRequest<typeof Calls.items.expectItemPhoto>): Promise<{ expected: true }> {
    return this.photos.expect(request.body.photoKey, callerOf(request));
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
