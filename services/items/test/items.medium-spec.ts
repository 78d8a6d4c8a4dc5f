import { randomUUID } from 'node:crypto';
import { CreateGarageSaleRequest, CreateSingleItemRequest, ErrorCode, Events, ItemError, UploadError, UserError } from '@curbside/contracts';
import { ClaimsService } from '../src/claims/claims.service';
import { ItemPhotosService, UNPOSTED_PHOTO_HOURS, UNPOSTED_PHOTOS_PER_DAY } from '../src/items/item-photos.service';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/** Posting, editing and deleting items on the real PostgreSQL: who may, when, and what leaves with them. */
describe(ItemsService.name, () => {
  let world: ItemsWorld;
  let sut: ItemsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(ItemsService);
  });
  afterAll(() => world?.stop());

  it("posts an item for the caller and tells the others with the poster's plan, the item's time zone and the poster's", async () => {
    const poster = await world.member({ tier: 'premium', username: 'pat' });
    const item = await world.post(poster, { location: { lat: 40.7128, lng: -74.006 } });

    expect(item).toMatchObject({ posterId: poster, status: 'available', poster: { username: 'pat' }, pricingType: 'free' });
    const posted = async (itemId: string) => (await world.emitted(Events.itemPosted.subject)).filter((e) => e.itemId === itemId);
    expect(await posted(item.id)).toEqual([
      expect.objectContaining({
        posterId: poster,
        title: item.title,
        posterTier: 'premium',
        timeZone: 'America/New_York',
        posterTimeZone: 'America/New_York',
        isScoutFind: false,
      }),
    ]);

    // The poster's days stay their first post's, wherever the next posts are: far-apart places open no second day.
    const [auckland, honolulu] = await Promise.all([
      world.post(poster, { location: { lat: -36.8485, lng: 174.7633 } }),
      world.post(poster, { location: { lat: 21.3069, lng: -157.8583 } }),
    ]);
    expect(await posted(auckland.id)).toEqual([expect.objectContaining({ timeZone: 'Pacific/Auckland', posterTimeZone: 'America/New_York' })]);
    expect(await posted(honolulu.id)).toEqual([expect.objectContaining({ timeZone: 'Pacific/Honolulu', posterTimeZone: 'America/New_York' })]);

    // Two first posts at once, far apart: one zone wins and both carry it.
    const newcomer = await world.member();
    const firsts = await Promise.all([
      world.post(newcomer, { location: { lat: -36.8485, lng: 174.7633 } }),
      world.post(newcomer, { location: { lat: 21.3069, lng: -157.8583 } }),
    ]);
    const zones = new Set((await Promise.all(firsts.map((f) => posted(f.id)))).flat().map((e) => e.posterTimeZone));
    expect(zones.size).toBe(1);
  });

  it('posts scout finds only in scout mode, rewards only when verified, and no garage sale that has ended', async () => {
    const plain = await world.member();
    expect(await refusal(world.post(plain, { scoutFind: true }))).toBe(ItemError.SCOUT_MODE_REQUIRED);
    await expect(world.post(plain, { pricingType: 'paid', customAmount: 500 })).rejects.toMatchObject({
      code: UserError.VERIFICATION_REQUIRED,
      message: 'Only verified users can post items with a reward. Please verify your account first.',
    });

    const scout = await world.member({ scoutMode: true, verified: true });
    expect(await world.post(scout, { scoutFind: true, pricingType: 'paid', customAmount: 500 })).toMatchObject({
      isScoutFind: true,
      pricingType: 'free',
      customAmount: null,
    });
    expect(await world.post(scout, { pricingType: 'paid', customAmount: 500 })).toMatchObject({ pricingType: 'paid', customAmount: 500 });

    const ended: CreateGarageSaleRequest = {
      isGarageSale: true,
      title: 'Yard sale',
      description: '',
      category: 'Garage Sale',
      latitude: 47.61,
      longitude: -122.33,
      locationDescription: 'Front yard',
      pricingType: 'free',
      timeLimit: 48,
      garageSaleStartTime: new Date(Date.now() - 7200_000).toISOString(),
      garageSaleEndTime: new Date(Date.now() - 3600_000).toISOString(),
      garageSaleAddress: '2 Elm St',
      garageSaleContactInfo: 'Ring',
    };
    await expect(sut.post(ended, plain)).rejects.toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'This garage sale has already ended' });
  });

  it('lets only the poster edit an item, and only while it is available', async () => {
    const poster = await world.member({ verified: true });
    const anna = await world.member();
    const item = await world.post(poster);

    await expect(sut.update(item.id, { title: 'Mine now' }, anna)).rejects.toMatchObject({
      code: ItemError.NOT_POSTER,
      message: 'Only the poster can edit this item',
    });
    const edited = await sut.update(item.id, { title: 'Walnut bookshelf', pricingType: 'paid', customAmount: 1000 }, poster);
    expect(edited).toMatchObject({ title: 'Walnut bookshelf', pricingType: 'paid', customAmount: 1000 });
    const updated = (await world.emitted(Events.itemUpdated.subject)).filter((e) => e.itemId === item.id);
    expect(updated).toEqual([{ itemId: item.id, posterId: poster, title: 'Walnut bookshelf', status: 'available' }]);

    await world.db.query(`UPDATE items.items SET created_at = now() - interval '3 hours' WHERE id = $1`, [item.id]);
    await expect(sut.update(item.id, { timeLimit: 2 }, poster)).rejects.toMatchObject({ message: 'That time limit has already passed for this item' });

    await world.get(ClaimsService).claim(item.id, anna, null);
    await expect(sut.update(item.id, { title: 'Too late' }, poster)).rejects.toMatchObject({
      code: ItemError.NOT_EDITABLE,
      message: 'Only available items can be edited',
    });
  });

  it("keeps a scout find free and an unverified poster's item free when edited", async () => {
    const scout = await world.member({ scoutMode: true });
    const find = await world.post(scout, { scoutFind: true });
    await expect(sut.update(find.id, { pricingType: 'paid', customAmount: 500 }, scout)).rejects.toMatchObject({ message: 'Scout finds are always free' });
    const plain = await world.member();
    const item = await world.post(plain);
    expect(await refusal(sut.update(item.id, { pricingType: 'paid', customAmount: 500 }, plain))).toBe(UserError.VERIFICATION_REQUIRED);
    const verified = await world.member({ verified: true });
    const sale = await world.postGarageSale(verified);
    await expect(sut.update(sale.id, { pricingType: 'paid', customAmount: 10_000 }, verified)).rejects.toMatchObject({
      message: 'Garage sales are always free',
    });
    expect(await world.db.query(`SELECT pricing_type, custom_amount FROM items.items WHERE id = $1`, [sale.id])).toEqual([
      { pricing_type: 'free', custom_amount: null },
    ]);
  });

  it('lets only the poster delete an available item, and deletes its photos and the pickup photos taken of it', async () => {
    const poster = await world.member();
    const anna = await world.member();
    const photoId = randomUUID();
    const item = await world.post(poster, { imageUrl: `/api/media/photos/${photoId}.webp` });
    const storage = world.sut.infrastructure.storage;
    const keys = [`photos/${photoId}.webp`, `photos/${photoId}-thumb.webp`, `pickups/${randomUUID()}.webp`];
    for (const key of keys) await storage.put(key, Buffer.from('photo'), 'image/webp');
    await world.db.query(
      `INSERT INTO items.pickup_validations (id, item_id, user_id, photo_hash, confidence, photo_key) VALUES ($1, $2, $3, 'hash', 0.9, $4)`,
      [randomUUID(), item.id, anna, keys[2]],
    );

    await expect(sut.delete(item.id, anna)).rejects.toMatchObject({ code: ItemError.NOT_POSTER, message: 'Only the poster can delete this item' });
    expect(await sut.delete(item.id, poster)).toEqual({ success: true, message: 'Item deleted' });

    for (const key of keys) expect(await world.stored(key)).toBe(false);
    expect(await world.db.query(`SELECT status, listed, image_url FROM items.items WHERE id = $1`, [item.id])).toEqual([
      { status: 'removed', listed: false, image_url: null },
    ]);
    expect(await world.db.query(`SELECT photo_key FROM items.pickup_validations WHERE item_id = $1`, [item.id])).toEqual([{ photo_key: null }]);
    const deleted = (await world.emitted(Events.itemDeleted.subject)).filter((e) => e.itemId === item.id);
    expect(deleted).toEqual([{ itemId: item.id, posterId: poster, title: item.title }]);
    expect(await refusal(sut.get(item.id, poster))).toBe(ItemError.NOT_FOUND);

    const held = await world.post(poster);
    await world.get(ClaimsService).claim(held.id, anna, null);
    await expect(sut.delete(held.id, poster)).rejects.toMatchObject({ code: ItemError.NOT_EDITABLE, message: 'Only available items can be deleted' });
  });

  it("refuses a post showing another member's photo, so nobody can delete a neighbour's photo through a post of their own", async () => {
    const poster = await world.member();
    const mallory = await world.member();
    const photoId = randomUUID();
    const imageUrl = `/api/media/photos/${photoId}.webp`;
    const keys = [`photos/${photoId}.webp`, `photos/${photoId}-thumb.webp`];
    const storage = world.sut.infrastructure.storage;
    for (const key of keys) await storage.put(key, Buffer.from('photo'), 'image/webp');
    const item = await world.post(poster, { imageUrl });

    await expect(world.post(mallory, { imageUrl })).rejects.toMatchObject({
      code: ItemError.PHOTO_IN_USE,
      message: "That photo is on another member's post. Add a photo of your own.",
    });
    expect(await world.db.query(`SELECT count(*)::int AS n FROM items.items WHERE poster_id = $1`, [mallory])).toEqual([{ n: 0 }]);

    // One's own photo on two posts: deleting one leaves the other its photo; deleting the last takes the files.
    const again = await world.post(poster, { imageUrl });
    await sut.delete(again.id, poster);
    for (const key of keys) expect(await world.stored(key)).toBe(true);
    await sut.delete(item.id, poster);
    for (const key of keys) expect(await world.stored(key)).toBe(false);
  });

  it('deletes an uploaded photo no post shows a day later, with its thumbnail; one a post shows stays', () =>
    world.withoutOwnSweep(async () => {
      const photos = world.get(ItemPhotosService);
      const poster = await world.member();
      const storage = world.sut.infrastructure.storage;
      const upload = async () => {
        const id = randomUUID();
        const keys = [`photos/${id}.webp`, `photos/${id}-thumb.webp`];
        await photos.expect(keys[0], poster);
        for (const key of keys) await storage.put(key, Buffer.from('photo'), 'image/webp');
        return { imageUrl: `/api/media/${keys[0]}`, keys };
      };
      const [posted, abandoned, fresh] = [await upload(), await upload(), await upload()];
      await world.post(poster, { imageUrl: posted.imageUrl });
      // A repeat of the same upload (its Idempotency-Key) notes nothing new.
      await photos.expect(fresh.keys[0], poster);
      await world.db.query(`UPDATE items.photo_uploads SET created_at = now() - make_interval(hours => $2) WHERE photo_key = ANY ($1)`, [
        [posted.keys[0], abandoned.keys[0]],
        UNPOSTED_PHOTO_HOURS,
      ]);

      expect(await photos.sweepUnposted()).toBe(1);
      for (const key of abandoned.keys) expect(await world.stored(key)).toBe(false);
      for (const key of [...posted.keys, ...fresh.keys]) expect(await world.stored(key)).toBe(true);
      // The posted photo is no longer watched (its post deletes it); the fresh one waits for its day.
      const watched = await world.db.query(`SELECT photo_key FROM items.photo_uploads WHERE user_id = $1`, [poster]);
      expect(watched).toEqual([{ photo_key: fresh.keys[0] }]);
      expect(await photos.sweepUnposted()).toBe(0);
    }));

  it('admits to a post only a photo its poster uploaded that is still kept, and never deletes a photo under a post', () =>
    world.withoutOwnSweep(async () => {
      const photos = world.get(ItemPhotosService);
      const poster = await world.member();
      const storage = world.sut.infrastructure.storage;
      const upload = async (by = poster) => {
        const id = randomUUID();
        const keys = [`photos/${id}.webp`, `photos/${id}-thumb.webp`];
        await photos.expect(keys[0], by);
        for (const key of keys) await storage.put(key, Buffer.from('photo'), 'image/webp');
        return { imageUrl: `/api/media/${keys[0]}`, keys };
      };
      const age = (keys: string[]) =>
        world.db.query(`UPDATE items.photo_uploads SET created_at = now() - make_interval(hours => $2) WHERE photo_key = $1`, [keys[0], UNPOSTED_PHOTO_HOURS]);
      const postShowing = (imageUrl: string) =>
        sut.post(
          { title: 'Oak bookshelf', category: 'Furniture', location: { lat: 47.6062, lng: -122.3321 }, imageUrl, timeLimit: 24 } as CreateSingleItemRequest,
          poster,
        );
      const notKept = { code: ItemError.PHOTO_NOT_KEPT, message: 'That photo is no longer kept: a photo waits a day for its post. Add the photo again.' };

      // A photo nobody uploaded, and one another member uploaded and has not posted yet.
      await expect(postShowing(`/api/media/photos/${randomUUID()}.webp`)).rejects.toMatchObject(notKept);
      await expect(postShowing((await upload(await world.member())).imageUrl)).rejects.toMatchObject(notKept);

      // The sweep meets a post between its check of the photo and its commit: it waits for its next turn, and then
      // sees the photo on the post and keeps its files.
      const racing = await upload();
      await age(racing.keys);
      const shelf = await world.post(poster);
      const posting = world.db.createQueryRunner();
      await posting.startTransaction();
      await photos.admitToPost(posting.manager, racing.imageUrl, poster);
      expect(await photos.sweepUnposted()).toBe(0);
      await posting.query(`UPDATE items.items SET image_url = $1 WHERE id = $2`, [racing.imageUrl, shelf.id]);
      await posting.commitTransaction();
      await posting.release();
      expect(await photos.sweepUnposted()).toBe(0);
      for (const key of racing.keys) expect(await world.stored(key)).toBe(true);

      // Once the sweep has deleted a photo, a post of it is refused: it would show nothing.
      const swept = await upload();
      await age(swept.keys);
      expect(await photos.sweepUnposted()).toBe(1);
      await expect(postShowing(swept.imageUrl)).rejects.toMatchObject(notKept);

      // A deleted post's photo goes with it, the same day it was uploaded: a new post of it is refused too.
      const deleted = await upload();
      const item = await postShowing(deleted.imageUrl);
      await sut.delete(item.id, poster);
      for (const key of deleted.keys) expect(await world.stored(key)).toBe(false);
      await expect(postShowing(deleted.imageUrl)).rejects.toMatchObject(notKept);
      expect(await world.db.query(`SELECT count(*)::int AS n FROM items.items WHERE poster_id = $1 AND status = 'available'`, [poster])).toEqual([{ n: 1 }]);
    }));

  it(`refuses a member's photo past ${UNPOSTED_PHOTOS_PER_DAY} a day that no post shows, saying when; a posted one frees its place`, async () => {
    const photos = world.get(ItemPhotosService);
    const member = await world.member();
    const key = () => `photos/${randomUUID()}.webp`;
    const first = key();
    await photos.expect(first, member);
    // Sent at once, as a script would: the member's lock lets exactly the cap through.
    const burst = await Promise.allSettled(Array.from({ length: UNPOSTED_PHOTOS_PER_DAY }, () => photos.expect(key(), member)));
    expect(burst.filter((r) => r.status === 'rejected')).toHaveLength(1);
    const refused = (burst.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    expect(refused).toMatchObject({ code: UploadError.TOO_MANY_UNPOSTED, message: expect.stringContaining(`${UNPOSTED_PHOTOS_PER_DAY} photos`) });
    expect(refused.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    // Another member is not counted with them; and a photo put on a post no longer counts.
    await photos.expect(key(), await world.member());
    await world.post(member, { imageUrl: `/api/media/${first}` });
    await photos.expect(key(), member);
  });

  it("shows a member's own list with what they hold, and others only what is listed", async () => {
    const poster = await world.member();
    const anna = await world.member();
    const listed = await world.post(poster);
    const expired = await world.post(poster);
    await world.db.query(`UPDATE items.items SET status = 'expired', listed = false WHERE id = $1`, [expired.id]);
    const held = await world.post(await world.member());
    await world.get(ClaimsService).claim(held.id, anna, null);

    expect((await sut.byUser(poster, poster)).map((i) => i.id).sort()).toEqual([listed.id, expired.id].sort());
    expect((await sut.byUser(poster, anna)).map((i) => i.id)).toEqual([listed.id]);
    expect((await sut.byUser(anna, anna)).map((i) => i.id)).toEqual([held.id]);
    expect(await sut.byUser(anna, poster)).toEqual([]);
  });
});
