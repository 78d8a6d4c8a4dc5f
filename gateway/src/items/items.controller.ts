import { Body, Controller, Inject, Param, Query, Res } from '@nestjs/common';
import {
  Place,
  PlaceQuery,
  Calls,
  ClaimRequest,
  CreateItemRequest,
  CreateReportRequest,
  FeedQuery,
  Item,
  PhotoValidationResult,
  PickupView,
  RADIUS_CAP_HEADER,
  Routes,
  SimilarItemsQuery,
  TopFindsQuery,
  UpdateItemRequest,
} from '@curbside/contracts';
import { OBJECT_STORAGE, ObjectStorage } from '@curbside/platform';
import type { HttpReply } from '../http/http-request';
import { decodePickupPhoto, PICKUP_PHOTO_SIDE } from '../claims/pickup-photo';
import { ApiRoute } from '../http/api-route.decorator';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';
import { ImagePipeline } from '../uploads/image.pipeline';
import { UploadErrors } from '../uploads/uploads.errors';

type IdParams = { id: string };
type CommentParams = { id: string; commentId: string };

@Controller()
export class ItemsController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly images: ImagePipeline,
  ) {}

  @ApiRoute(Routes.createItem)
  create(
    @Body(new ZodPipe(Routes.createItem.body)) body: CreateItemRequest,
    @Caller() callerId: string,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<Item> {
    assertIsCaller(body.posterId, callerId);
    return this.services.call(Calls.items.create, body, callerId, { idempotencyKey });
  }

  /**
   * The next page's cursor travels in a header, so the body stays the plain list the spec reads. The page
   * arrives serialised and is sent on as it is (see feedReplySchema).
   */
  @ApiRoute(Routes.feed)
  async feed(
    @Query(new ZodPipe(Routes.feed.query)) query: FeedQuery,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId?: string,
  ): Promise<string> {
    const page = await this.services.call(Calls.items.feed, query, callerId);
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    reply.header(RADIUS_CAP_HEADER, String(page.radiusCap));
    reply.type('application/json; charset=utf-8');
    return page.itemsJson;
  }

  @ApiRoute(Routes.similarItems)
  similar(@Query(new ZodPipe(Routes.similarItems.query)) query: SimilarItemsQuery, @Caller() callerId?: string): Promise<Item[]> {
    return this.services.call(Calls.items.similar, query, callerId);
  }

  /** A place to search from for a member who will not share their position (docs/api.md, "Places"). */
  @ApiRoute(Routes.findPlaces)
  findPlaces(@Query(new ZodPipe(Routes.findPlaces.query)) query: PlaceQuery, @Caller() callerId?: string): Promise<Place[]> {
    return this.services.call(Calls.items.findPlaces, query, callerId);
  }

  @ApiRoute(Routes.topFinds)
  async topFinds(
    @Query(new ZodPipe(Routes.topFinds.query)) query: TopFindsQuery,
    @Res({ passthrough: true }) reply: HttpReply,
    @Caller() callerId?: string,
  ): Promise<Item[]> {
    const found = await this.services.call(Calls.items.topFinds, query, callerId);
    reply.header(RADIUS_CAP_HEADER, String(found.radiusCap));
    return found.items;
  }

  @ApiRoute(Routes.userItems)
  userItems(@Param(new ZodPipe(Routes.userItems.params)) params: IdParams, @Caller() callerId?: string): Promise<Item[]> {
    return this.services.call(Calls.items.byUser, { userId: params.id }, callerId);
  }

  @ApiRoute(Routes.getItem)
  get(@Param(new ZodPipe(Routes.getItem.params)) params: IdParams, @Caller() callerId?: string): Promise<Item> {
    return this.services.call(Calls.items.get, { itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.updateItem)
  update(
    @Param(new ZodPipe(Routes.updateItem.params)) params: IdParams,
    @Body(new ZodPipe(Routes.updateItem.body)) body: UpdateItemRequest,
    @Caller() callerId: string,
  ): Promise<Item> {
    assertIsCaller(body.userId, callerId);
    const { userId: _ignored, ...changes } = body;
    return this.services.call(Calls.items.update, { ...changes, itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.deleteItem)
  delete(
    @Param(new ZodPipe(Routes.deleteItem.params)) params: IdParams,
    @Body(new ZodPipe(Routes.deleteItem.body)) body: { userId?: string },
    @Caller() callerId: string,
  ) {
    assertIsCaller(body.userId, callerId);
    return this.services.call(Calls.items.delete, { itemId: params.id }, callerId);
  }

  /** Only the photo's hash crosses the bus; it must match a photo that passed validate-pickup. */
  @ApiRoute(Routes.claim)
  claim(
    @Param(new ZodPipe(Routes.claim.params)) params: IdParams,
    @Body(new ZodPipe(Routes.claim.body)) body: ClaimRequest,
    @Caller() callerId: string,
    @IdempotencyKey() idempotencyKey?: string,
  ) {
    assertIsCaller(body.userId, callerId);
    const photoHash = body.verificationPhoto ? decodePickupPhoto(body.verificationPhoto).hash : null;
    return this.services.call(Calls.items.claim, { itemId: params.id, photoHash }, callerId, { idempotencyKey });
  }

  /**
   * The photo is kept privately under pickups/ for the validator to read and its poster to see (GET …/pickup), never
   * served otherwise; re-encoded first like every stored image, so the picker's EXIF (where and when it was taken,
   * the device) never reaches the poster. Its hash stays that of the bytes sent, which the claim sends again.
   */
  @ApiRoute(Routes.validatePickup)
  async validatePickup(
    @Param(new ZodPipe(Routes.validatePickup.params)) params: IdParams,
    @Body(new ZodPipe(Routes.validatePickup.body)) body: { pickupPhoto: string },
    @Caller() callerId: string,
  ): Promise<PhotoValidationResult> {
    const photo = decodePickupPhoto(body.pickupPhoto);
    // Nothing is stored for a request that would be refused (no such item, one's own, no longer available); the items
    // service names the key and notes it first, so the photo is deleted even when its check never runs.
    const { photoKey } = await this.services.call(Calls.items.pickupAdmissible, { itemId: params.id }, callerId);
    const stored = await this.images.reencode(photo.bytes, photo.type, PICKUP_PHOTO_SIDE);
    await this.storage.put(photoKey, stored.data, stored.contentType).catch(() => {
      throw UploadErrors.storageUnavailable();
    });
    // A generous timeout: the check itself waits up to 20 s for the validator.
    return this.services.call(Calls.items.validatePickup, { itemId: params.id, photoKey, photoHash: photo.hash }, callerId, 30_000);
  }

  @ApiRoute(Routes.vote)
  vote(@Param(new ZodPipe(Routes.vote.params)) params: IdParams, @Body(new ZodPipe(Routes.vote.body)) body: { userId?: string }, @Caller() callerId: string) {
    assertIsCaller(body.userId, callerId);
    return this.services.call(Calls.items.vote, { itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.stillThere)
  stillThere(
    @Param(new ZodPipe(Routes.stillThere.params)) params: IdParams,
    @Body(new ZodPipe(Routes.stillThere.body)) body: { userId?: string; stillThere: boolean },
    @Caller() callerId: string,
  ) {
    assertIsCaller(body.userId, callerId);
    return this.services.call(Calls.items.stillThere, { itemId: params.id, stillThere: body.stillThere }, callerId);
  }

  @ApiRoute(Routes.interest)
  interest(
    @Param(new ZodPipe(Routes.interest.params)) params: IdParams,
    @Body(new ZodPipe(Routes.interest.body)) body: { userId?: string },
    @Caller() callerId: string,
  ) {
    assertIsCaller(body.userId, callerId);
    return this.services.call(Calls.items.interest, { itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.comments)
  comments(@Param(new ZodPipe(Routes.comments.params)) params: IdParams, @Caller() callerId?: string) {
    // The caller, when signed in, so the comments of members they blocked are left out.
    return this.services.call(Calls.items.comments, { itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.createComment)
  createComment(
    @Param(new ZodPipe(Routes.createComment.params)) params: IdParams,
    @Body(new ZodPipe(Routes.createComment.body)) body: { userId?: string; content: string },
    @Caller() callerId: string,
    @IdempotencyKey() idempotencyKey?: string,
  ) {
    assertIsCaller(body.userId, callerId);
    return this.services.call(Calls.items.createComment, { itemId: params.id, content: body.content }, callerId, { idempotencyKey });
  }

  @ApiRoute(Routes.updateComment)
  updateComment(
    @Param(new ZodPipe(Routes.updateComment.params)) params: CommentParams,
    @Body(new ZodPipe(Routes.updateComment.body)) body: { content: string },
    @Caller() callerId: string,
  ) {
    return this.services.call(Calls.items.updateComment, { itemId: params.id, commentId: params.commentId, content: body.content }, callerId);
  }

  @ApiRoute(Routes.deleteComment)
  deleteComment(@Param(new ZodPipe(Routes.deleteComment.params)) params: CommentParams, @Caller() callerId: string) {
    return this.services.call(Calls.items.deleteComment, { itemId: params.id, commentId: params.commentId }, callerId);
  }

  @ApiRoute(Routes.monthlyComments)
  monthlyComments(@Param(new ZodPipe(Routes.monthlyComments.params)) params: IdParams, @Caller() callerId: string) {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.items.monthlyComments, {}, callerId);
  }

  @ApiRoute(Routes.report)
  report(@Body(new ZodPipe(Routes.report.body)) body: CreateReportRequest, @Caller() callerId: string, @IdempotencyKey() idempotencyKey?: string) {
    assertIsCaller(body.reporterId, callerId);
    return this.services.call(Calls.items.report, body, callerId, { idempotencyKey });
  }

  @ApiRoute(Routes.joinQueue)
  joinQueue(@Param(new ZodPipe(Routes.joinQueue.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.items.joinQueue, { itemId: params.id }, callerId);
  }

  @ApiRoute(Routes.leaveQueue)
  leaveQueue(@Param(new ZodPipe(Routes.leaveQueue.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.items.leaveQueue, { itemId: params.id }, callerId);
  }

  /** The poster gets the whole line; anyone else (signed in or not) their own place and the length. */
  @ApiRoute(Routes.queue)
  queue(@Param(new ZodPipe(Routes.queue.params)) params: IdParams, @Caller() callerId?: string) {
    return this.services.call(Calls.items.queue, { itemId: params.id }, callerId);
  }

  /** Poster only (the items service answers ITEM.NOT_POSTER to anyone else). */
  @ApiRoute(Routes.pickFromQueue)
  pickFromQueue(@Param(new ZodPipe(Routes.pickFromQueue.params)) params: { id: string; userId: string }, @Caller() callerId: string) {
    return this.services.call(Calls.items.pickFromQueue, { itemId: params.id, userId: params.userId }, callerId);
  }

  @ApiRoute(Routes.releaseHold)
  releaseHold(@Param(new ZodPipe(Routes.releaseHold.params)) params: IdParams, @Caller() callerId: string) {
    return this.services.call(Calls.items.releaseHold, { itemId: params.id }, callerId);
  }

  /** The poster's view of a pickup: the photo is read here from storage (photos never cross the bus). */
  @ApiRoute(Routes.pickup)
  async pickup(@Param(new ZodPipe(Routes.pickup.params)) params: IdParams, @Caller() callerId: string): Promise<PickupView> {
    const record = await this.services.call(Calls.items.pickup, { itemId: params.id }, callerId);
    const stored = record.photoKey ? await this.storage.get(record.photoKey).catch(() => null) : null;
    let photoDataUrl: string | null = null;
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
      photoDataUrl = `data:${stored.contentType};base64,${Buffer.concat(chunks).toString('base64')}`;
    }
    return { pickedUpBy: record.pickedUpBy, pickedUpAt: record.pickedUpAt, photoDataUrl };
  }
}
