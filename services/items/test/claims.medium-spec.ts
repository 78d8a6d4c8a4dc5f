import { randomUUID } from 'node:crypto';
import { ClaimError, Events, ItemError, PHOTO_VALIDATION_QUEUE, PhotoValidationJob } from '@curbside/contracts';
import { ACTIVE_RESERVATIONS, ClaimsService, NO_LONGER_AVAILABLE, PICKUP_QUOTA } from '../src/claims/claims.service';
import { ItemsWorld, refusal, startItemsWorld } from './items-world';

/**
 * Claims on the real PostgreSQL: who wins when neighbours try at once, how many holds a member may have, and
 * which pickup photo check a claim needs (claims.service.ts rules over claims.repository.ts queries).
 */
describe(ClaimsService.name, () => {
  let world: ItemsWorld;
  let sut: ClaimsService;
  /** Every photo check items asked for, as the worker received it. */
  const checked: PhotoValidationJob[] = [];

  beforeAll(async () => {
    world = await startItemsWorld();
    sut = world.get(ClaimsService);
    // The photo-validation service, as far as items can tell: a photo whose key says "good" passes.
    await world.sut.infrastructure.jobs.process<PhotoValidationJob, unknown>(PHOTO_VALIDATION_QUEUE, async (job) => {
      checked.push(job);
      return job.photoKey.includes('good')
        ? { isValid: true, confidence: 0.9, reason: 'Looks right' }
        : { isValid: false, confidence: 0.8, reason: 'A person is in the photo' };
    });
  });
  afterAll(() => world?.stop());

  /** A pickup photo stored and passed for this member and item; its hash is what the claim sends. */
  const passedPhoto = async (itemId: string, userId: string) => {
    const photoKey = `pickups/good-${randomUUID()}.webp`;
    const photoHash = randomUUID();
    await world.sut.infrastructure.storage.put(photoKey, Buffer.from('photo'), 'image/webp');
    expect((await sut.validatePickup(itemId, userId, photoKey, photoHash)).isValid).toBe(true);
    return { photoKey, photoHash };
  };

  const claimedEvents = async (itemId: string) =>
    (await world.emitted<{ itemId: string; claimerId: string }>(Events.itemClaimed.subject)).filter((e) => e.itemId === itemId);

  it("sends the item's own listing photo with the pickup photo, so that the check can refuse a copy of it", async () => {
    const item = await world.post(await world.member(), { title: 'Oak bookcase', category: 'Furniture' });
    const claimer = await world.member();

    const { photoKey } = await passedPhoto(item.id, claimer);

    expect(item.imageUrl).toMatch(/^\/api\/media\/photos\//);
    expect(checked.find((job) => job.photoKey === photoKey)).toEqual({
      photoKey,
      itemTitle: 'Oak bookcase',
      itemCategory: 'Furniture',
      listingPhotoKey: item.imageUrl!.slice('/api/media/'.length),
      // When items stops waiting: the worker stops trying then.
      deadline: expect.any(Number),
    });
  });

  it('gives the item to exactly one of two neighbours claiming it at once with checked photos', async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const item = await world.post(poster);
    const photos = [await passedPhoto(item.id, anna), await passedPhoto(item.id, ben)];

    const results = await Promise.allSettled([sut.claim(item.id, anna, photos[0].photoHash), sut.claim(item.id, ben, photos[1].photoHash)]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: ItemError.NOT_AVAILABLE, message: NO_LONGER_AVAILABLE });
    const winner = results[0].status === 'fulfilled' ? anna : ben;
    expect(await claimedEvents(item.id)).toEqual([expect.objectContaining({ itemId: item.id, claimerId: winner, posterId: poster, claimerTier: 'free' })]);
    const [row] = await world.db.query(`SELECT status, claimed_by_id FROM items.items WHERE id = $1`, [item.id]);
    expect(row).toEqual({ status: 'claimed', claimed_by_id: winner });
  });

  it('gives first dibs to exactly one of two neighbours reserving at once, and the holder can then claim it', async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const item = await world.post(poster);

    const results = await Promise.allSettled([sut.claim(item.id, anna, null), sut.claim(item.id, ben, null)]);

    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const holder = results[0].status === 'fulfilled' ? anna : ben;
    const other = holder === anna ? ben : anna;
    const reserved = (await world.emitted<{ itemId: string; reservedById: string }>(Events.itemReserved.subject)).filter((e) => e.itemId === item.id);
    expect(reserved).toEqual([expect.objectContaining({ reservedById: holder })]);

    // Held: nobody else may claim it, even with a checked photo; its holder may.
    expect(await refusal(sut.validatePickup(item.id, other, `pickups/good-${randomUUID()}.webp`, randomUUID()))).toBe(ItemError.NOT_AVAILABLE);
    const { photoHash } = await passedPhoto(item.id, holder);
    const claimed = await sut.claim(item.id, holder, photoHash);
    expect(claimed).toMatchObject({ success: true, message: 'Item claimed! Enjoy your find.', item: { status: 'claimed' } });
  });

  it('lets a member hold one first dibs at a time, also when asking for two at once', async () => {
    const poster = await world.member();
    const anna = await world.member();
    const items = [await world.post(poster), await world.post(poster), await world.post(poster)];

    const results = await Promise.allSettled([sut.claim(items[0].id, anna, null), sut.claim(items[1].id, anna, null)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.code).toBe(ClaimError.HOLD_LIMIT);

    expect(await refusal(sut.claim(items[2].id, anna, null))).toBe(ClaimError.HOLD_LIMIT);
    // A hold that lapsed no longer counts.
    await world.db.query(`UPDATE items.items SET reserved_until = now() - interval '1 minute' WHERE reserved_by_id = $1`, [anna]);
    await expect(sut.claim(items[2].id, anna, null)).resolves.toMatchObject({ success: true });
  });

  it(`lets a verified member hold ${ACTIVE_RESERVATIONS.verified}`, async () => {
    const poster = await world.member();
    const vera = await world.member({ verified: true });
    const items = await Promise.all(Array.from({ length: ACTIVE_RESERVATIONS.verified + 1 }, () => world.post(poster)));
    for (const item of items.slice(0, -1)) await sut.claim(item.id, vera, null);
    expect(await refusal(sut.claim(items.at(-1)!.id, vera, null))).toBe(ClaimError.HOLD_LIMIT);
  });

  it('refuses a 61st verified pickup within 28 days with a 409 naming the day the next is free; older pickups do not count', async () => {
    const poster = await world.member();
    const picker = await world.member({ verified: true });
    const items = [];
    for (let i = 0; i < PICKUP_QUOTA + 2; i++) items.push(await world.post(poster));
    const [old, ...rest] = items;
    // A history: one pickup 30 days ago (outside the window), 59 within it, the oldest of those 27 days ago.
    await world.db.query(`UPDATE items.items SET status = 'claimed', claimed_by_id = $2, claimed_at = now() - interval '30 days' WHERE id = $1`, [
      old.id,
      picker,
    ]);
    const inWindow = rest.slice(0, PICKUP_QUOTA - 1);
    await world.db.query(
      `UPDATE items.items SET status = 'claimed', claimed_by_id = $2, claimed_at = now() - interval '27 days' + (array_position($1::uuid[], id) * interval '1 minute')
       WHERE id = ANY ($1::uuid[])`,
      [inWindow.map((i) => i.id), picker],
    );
    const [sixtieth, sixtyFirst] = rest.slice(PICKUP_QUOTA - 1);
    await expect(sut.claim(sixtieth.id, picker, (await passedPhoto(sixtieth.id, picker)).photoHash)).resolves.toMatchObject({ success: true });
    const photo = await passedPhoto(sixtyFirst.id, picker);
    await expect(sut.claim(sixtyFirst.id, picker, photo.photoHash)).rejects.toMatchObject({
      code: ClaimError.PICKUP_QUOTA,
      message: expect.stringMatching(
        /^You picked up 60 items in the last 28 days, the most a member may: your next pickup is free on \w+day, \w+ \d+ \(UTC\)\.$/,
      ),
    });
    // The oldest pickup in the window leaves it: the next is free again.
    await world.db.query(`UPDATE items.items SET claimed_at = now() - interval '29 days' WHERE id = $1`, [inWindow[0].id]);
    await expect(sut.claim(sixtyFirst.id, picker, photo.photoHash)).resolves.toMatchObject({ success: true });
  });

  it('refuses the poster their own item, and an item without a photo', async () => {
    const poster = await world.member();
    const own = await world.post(poster);
    expect(await refusal(sut.claim(own.id, poster, null))).toBe(ItemError.OWN_ITEM);
    expect(await refusal(sut.claim(own.id, poster, randomUUID()))).toBe(ItemError.OWN_ITEM);
    expect(await refusal(sut.assertPickupAdmissible(own.id, poster))).toBe(ItemError.OWN_ITEM);

    const photoless = await world.post(poster, { imageUrl: null });
    expect(await refusal(sut.claim(photoless.id, await world.member(), null))).toBe(ClaimError.NO_ITEM_PHOTO);
    expect(await refusal(sut.claim(randomUUID(), poster, null))).toBe(ItemError.NOT_FOUND);
  });

  it('claims only with a pass of this photo, for this member and item, from the last 15 minutes, used once', async () => {
    const poster = await world.member();
    const [anna, ben] = [await world.member(), await world.member()];
    const item = await world.post(poster);

    expect(await refusal(sut.claim(item.id, anna, randomUUID()))).toBe(ClaimError.PHOTO_FAILED);
    const bens = await passedPhoto(item.id, ben);
    expect(await refusal(sut.claim(item.id, anna, bens.photoHash))).toBe(ClaimError.PHOTO_FAILED);

    const annas = await passedPhoto(item.id, anna);
    await world.db.query(`UPDATE items.pickup_validations SET created_at = now() - interval '16 minutes' WHERE photo_hash = $1`, [annas.photoHash]);
    expect(await refusal(sut.claim(item.id, anna, annas.photoHash))).toBe(ClaimError.PHOTO_FAILED);

    await world.db.query(`UPDATE items.pickup_validations SET created_at = now() - interval '14 minutes' WHERE photo_hash = $1`, [annas.photoHash]);
    await expect(sut.claim(item.id, anna, annas.photoHash)).resolves.toMatchObject({ success: true });
    const [pass] = await world.db.query(`SELECT used_at FROM items.pickup_validations WHERE photo_hash = $1`, [annas.photoHash]);
    expect(pass.used_at).not.toBeNull();
  });

  it('deletes a photo that fails its check and records nothing; unused passes are swept after a day with their photo', () =>
    world.withoutOwnSweep(async () => {
      const poster = await world.member();
      const anna = await world.member();
      const item = await world.post(poster);
      const storage = world.sut.infrastructure.storage;

      const badKey = `pickups/bad-${randomUUID()}.webp`;
      await storage.put(badKey, Buffer.from('photo'), 'image/webp');
      expect(await sut.validatePickup(item.id, anna, badKey, randomUUID())).toMatchObject({ isValid: false, reason: 'A person is in the photo' });
      expect(await world.stored(badKey)).toBe(false);
      expect(await world.db.query(`SELECT 1 FROM items.pickup_validations WHERE photo_key = $1`, [badKey])).toHaveLength(0);

      const kept = await passedPhoto(item.id, anna);
      const stale = await passedPhoto(item.id, anna);
      await world.db.query(`UPDATE items.pickup_validations SET created_at = now() - interval '25 hours' WHERE photo_key = $1`, [stale.photoKey]);
      expect(await sut.sweepUnusedPickupPhotos()).toBe(1);
      expect(await world.stored(stale.photoKey)).toBe(false);
      expect(await world.stored(kept.photoKey)).toBe(true);
      expect(await world.db.query(`SELECT photo_key FROM items.pickup_validations WHERE item_id = $1`, [item.id])).toEqual([{ photo_key: kept.photoKey }]);
    }));

  it('names and notes a pickup photo’s key before it is stored, and sweeps one whose check never ran an hour later', () =>
    world.withoutOwnSweep(async () => {
      const poster = await world.member();
      const anna = await world.member();
      const item = await world.post(poster);
      const storage = world.sut.infrastructure.storage;
      const waiting = async (key: string) => (await world.db.query(`SELECT 1 FROM items.pickup_uploads WHERE photo_key = $1`, [key])).length === 1;

      // The check never ran: the call failed before it started (the items service was down, the deadline had passed).
      const { photoKey: lost } = await sut.assertPickupAdmissible(item.id, anna);
      expect(lost).toMatch(/^pickups\/[0-9a-f-]{36}\.webp$/);
      await storage.put(lost, Buffer.from('photo'), 'image/webp');
      expect(await waiting(lost)).toBe(true);
      // Checked: nothing waits for it any more, whatever the answer.
      const { photoKey: checked } = await sut.assertPickupAdmissible(item.id, anna);
      await storage.put(checked, Buffer.from('photo'), 'image/webp');
      await sut.validatePickup(item.id, anna, checked, randomUUID());
      expect(await waiting(checked)).toBe(false);

      expect(await sut.sweepUnusedPickupPhotos()).toBe(0);
      expect(await world.stored(lost)).toBe(true);
      await world.db.query(`UPDATE items.pickup_uploads SET created_at = now() - interval '61 minutes' WHERE photo_key = $1`, [lost]);
      expect(await sut.sweepUnusedPickupPhotos()).toBe(1);
      expect(await world.stored(lost)).toBe(false);
      expect(await waiting(lost)).toBe(false);
    }));
});
