import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Item, PhotoValidationResult, User } from '@curbside/contracts';
import { ClaimsService } from '@curbside/items-service';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import {
  CHAIR_PHOTO,
  checkVerdict,
  dataSourceOf,
  newNeighbour,
  photoFixture,
  PICKUP_PHOTO,
  postOlderThanAnHour,
  postWithPhoto,
  STACK_MODES,
  stackForTests,
} from './stack-modes';

const HERE = { lat: 37.7749, lng: -122.4194 };

/**
 * The whole pickup path on the real photo-validation service and its local model: upload, post, check a
 * pickup photo through the job queue, claim with that same photo. The client's word is never enough.
 */
describe.each(STACK_MODES)('pickup photos and claims, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;

  const neighbour = () => newNeighbour(stack, api);

  const postChair = (browser: ApiClient) => postWithPhoto(browser, { title: 'Wooden chair', location: HERE });

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '1000' }, (started) => ({ stack, api } = started));

  it('claims with a photo that passed the check, credits the claimer 5 points and the Community Helper badge, and shows the poster who took it', async () => {
    const { browser: poster, user: posterUser } = await neighbour();
    const item = await postChair(poster);
    const { browser: claimer, user } = await neighbour();
    const pickupPhoto = PICKUP_PHOTO.toString('base64');
    await waitFor(async () => (await poster.get<User>(`/api/users/${posterUser.id}`)).body.pendingPoints === 10, { what: 'the post’s points, pending' });

    // The listing's own photo, sent back from afar, proves nobody went there: refused, and no claim follows from it.
    const copy = await claimer.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto: CHAIR_PHOTO.toString('base64') });
    expect(copy).toMatchObject({ status: 201, body: { isValid: false, reason: expect.stringContaining("This is the listing's own photo") } });
    expect((await claimer.request('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: CHAIR_PHOTO.toString('base64') })).status).toBe(403);

    const check = await claimer.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto });
    expect(checkVerdict(check)).toBe('passed');
    expect(check.body.confidence).toBeGreaterThan(0);

    // The post an hour old (where the ledger keeps its time): inside its first hour, a pickup would make its points
    // final only when the hour is over (docs/product-rules.md, "Points").
    await postOlderThanAnHour(stack, item.id);
    const claim = await claimer.request<{ success: boolean; item: Item }>('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: pickupPhoto });
    expect(claim).toMatchObject({ status: 200, body: { success: true, item: { status: 'claimed', claimedById: user.id } } });
    // The same check cannot be used twice.
    expect((await claimer.request('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: pickupPhoto })).status).toBe(409);

    // +5 for the claim, +15 for the Community Helper badge (a free item posted by someone else).
    const me = await waitFor(
      async () => {
        const r = await claimer.get<User>(`/api/users/${user.id}`);
        // The balance is the ledger's as it is asked; the badge reaches the member's record by its event.
        return r.body.points === 20 && r.body.badges.length > 0 ? r.body : undefined;
      },
      { what: '+5 for the claim and the Community Helper bonus' },
    );
    expect(me.badges).toEqual(['Community Helper']);
    // The verified pickup makes the post's pending points final (docs/product-rules.md, "Points"): +10 and First Post.
    await waitFor(
      async () => {
        const r = (await poster.get<User>(`/api/users/${posterUser.id}`)).body;
        return r.points === 20 && r.pendingPoints === 0;
      },
      { what: 'the poster’s points, final with the pickup' },
    );
    const posterView = await poster.get<Item>(`/api/items/${item.id}`);
    expect(posterView.body).toMatchObject({ status: 'claimed', claimedById: user.id });
  }, 60_000);

  it('rejects a photo with a person in it, with a reason, and the claim stays locked', async () => {
    const { browser: poster } = await neighbour();
    const item = await postChair(poster);
    const { browser: claimer } = await neighbour();
    const pickupPhoto = photoFixture('person-astronaut.jpg').toString('base64');
    const check = await claimer.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto });
    expect(check.body).toMatchObject({ isValid: false, reason: expect.stringContaining('person') });
    expect(await claimer.request('PATCH', `/api/items/${item.id}/claim`, { verificationPhoto: pickupPhoto })).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('Photo verification failed') },
    });
  }, 60_000);

  describe('stored photos', () => {
    const storageDir = () => join(stack.services[0].runtime.infrastructure.config.DATA_DIR, 'storage', 'objects');
    const files = (folder: string) => (existsSync(join(storageDir(), folder)) ? readdirSync(join(storageDir(), folder)).length : 0);
    const chair = () => PICKUP_PHOTO.toString('base64');

    it('stores no pickup photo for a check that is refused, or one that does not pass', async () => {
      const { browser: poster } = await neighbour();
      const item = await postChair(poster);
      const { browser: claimer } = await neighbour();
      const before = files('pickups');
      expect((await claimer.post(`/api/items/00000000-0000-4000-8000-000000000000/validate-pickup`, { pickupPhoto: chair() })).status).toBe(404);
      expect((await poster.post(`/api/items/${item.id}/validate-pickup`, { pickupPhoto: chair() })).status).toBe(403);
      const person = await claimer.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, {
        pickupPhoto: photoFixture('person-astronaut.jpg').toString('base64'),
      });
      expect(person.body.isValid).toBe(false);
      expect(files('pickups')).toBe(before);
    }, 60_000);

    it('deletes a passed pickup photo no claim used within a day, and an item’s photos when it is deleted', async () => {
      const { browser: poster } = await neighbour();
      const item = await postChair(poster);
      const { browser: claimer } = await neighbour();
      const before = files('pickups');
      expect((await claimer.post<PhotoValidationResult>(`/api/items/${item.id}/validate-pickup`, { pickupPhoto: chair() })).body.isValid).toBe(true);
      expect(files('pickups')).toBe(before + 1);
      await dataSourceOf(stack, 'items').query(`UPDATE items.pickup_validations SET created_at = now() - interval '25 hours' WHERE item_id = $1`, [item.id]);
      const claims = stack.services.find((s) => s.name === 'items')!.app.get(ClaimsService);
      expect(await claims.sweepUnusedPickupPhotos()).toBeGreaterThanOrEqual(1);
      expect(files('pickups')).toBe(before);

      const photoFile = join(storageDir(), item.imageUrl!.slice('/api/media/'.length));
      expect(existsSync(photoFile)).toBe(true);
      expect((await poster.request('DELETE', `/api/items/${item.id}`)).status).toBe(200);
      expect(existsSync(photoFile)).toBe(false);
      expect(existsSync(photoFile.replace(/\.webp$/, '-thumb.webp'))).toBe(false);
    }, 60_000);
  });

  it('does not unlock a claim with a check made for another item, by another user, or for another photo', async () => {
    const { browser: poster } = await neighbour();
    const first = await postChair(poster);
    const second = await postChair(poster);
    const { browser: checker } = await neighbour();
    const { browser: other } = await neighbour();
    const chair = PICKUP_PHOTO.toString('base64');
    expect((await checker.post<PhotoValidationResult>(`/api/items/${first.id}/validate-pickup`, { pickupPhoto: chair })).body.isValid).toBe(true);

    const denied = { status: 403, body: { message: expect.stringContaining('Photo verification failed') } };
    expect(await checker.request('PATCH', `/api/items/${second.id}/claim`, { verificationPhoto: chair })).toMatchObject(denied);
    expect(await other.request('PATCH', `/api/items/${first.id}/claim`, { verificationPhoto: chair })).toMatchObject(denied);
    const otherPhoto = photoFixture('coffee-cup.jpg').toString('base64');
    expect(await checker.request('PATCH', `/api/items/${first.id}/claim`, { verificationPhoto: otherPhoto })).toMatchObject(denied);
    expect(await checker.post(`/api/items/${first.id}/validate-pickup`, { pickupPhoto: Buffer.from('plain text').toString('base64') })).toMatchObject({
      status: 400,
      body: { message: 'Please select an image file.' },
    });
    expect(await checker.post(`/api/items/${first.id}/validate-pickup`, { pickupPhoto: 'A'.repeat(7.5 * 1024 * 1024) })).toMatchObject({
      status: 413,
      body: { message: 'Please select an image smaller than 5MB.' },
    });
    expect(await checker.post(`/api/items/${first.id}/validate-pickup`, {})).toMatchObject({
      status: 400,
      body: { message: 'Photo required - Please upload a verification photo' },
    });
  }, 60_000);
});
