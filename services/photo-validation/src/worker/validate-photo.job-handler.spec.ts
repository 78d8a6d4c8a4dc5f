import { randomUUID } from 'node:crypto';
import {
  Calls,
  Events,
  healthCall,
  PHOTO_LABELS_QUEUE,
  PHOTO_VALIDATION_QUEUE,
  PhotoLabelsJob,
  PhotoValidationJob,
  PhotoValidationResult,
  VALIDATION_SERVICE_ERROR,
} from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { photoValidationService } from '../photo-validation.definition';
import { fixture, FIXTURES } from '../testing/photos.fixture';
import { LISTING_COPY } from '../validation/photo-validation.service';
import { ValidatePhotoJobHandler } from './validate-photo.job-handler';

/** The worker through the real in-process queue (embedded mode), the real local model and a local folder. */
describe(ValidatePhotoJobHandler.name, () => {
  let sut: ServiceUnderTest;
  let stopped: Promise<void> | null = null;
  const stop = () => (stopped ??= sut.stop());

  beforeAll(async () => {
    sut = await startServiceUnderTest(photoValidationService);
  });
  afterAll(() => sut && stop());

  async function storePhoto(bytes: Buffer): Promise<string> {
    const key = `pickups/${randomUUID()}.jpg`;
    await sut.infrastructure.storage.put(key, bytes, 'image/jpeg');
    return key;
  }

  const check = (job: PhotoValidationJob | Record<string, unknown>, attempts = 3) =>
    sut.infrastructure.jobs.addAndWait<unknown, PhotoValidationResult>(PHOTO_VALIDATION_QUEUE, job, { attempts, backoffMs: 10, timeoutMs: 20_000 });

  it('checks a stored photo: a chair passes, a person is rejected with a reason', async () => {
    const chair = await check({ photoKey: await storePhoto(fixture(FIXTURES.furnitureChair)), itemTitle: 'Wooden folding chair', itemCategory: 'Furniture' });
    const person = await check({ photoKey: await storePhoto(fixture(FIXTURES.person)), itemTitle: 'Armchair', itemCategory: 'Furniture' });

    expect(chair).toMatchObject({ isValid: true, reason: expect.stringContaining('chair') });
    expect(person).toMatchObject({ isValid: false, reason: expect.stringContaining('A person is visible in the photo.') });
  });

  it("refuses the listing's own photo sent back as the pickup photo, and passes a new photo of the item", async () => {
    const listingPhotoKey = `photos/${randomUUID()}.webp`;
    await sut.infrastructure.storage.put(listingPhotoKey, fixture(FIXTURES.furnitureChair), 'image/webp');
    const job = { itemTitle: 'Wooden folding chair', itemCategory: 'Furniture', listingPhotoKey };

    const copy = await check({ ...job, photoKey: await storePhoto(fixture(FIXTURES.furnitureChair)) });
    const taken = await check({ ...job, photoKey: await storePhoto(fixture(FIXTURES.furnitureChairPickup)) });
    const listingGone = await check({ ...job, listingPhotoKey: `photos/${randomUUID()}.webp`, photoKey: await storePhoto(fixture(FIXTURES.furnitureChair)) });

    expect(copy).toEqual(LISTING_COPY);
    expect(taken).toMatchObject({ isValid: true, reason: expect.stringContaining('chair') });
    expect(listingGone.isValid).toBe(true);
  });

  it('answers a blank photo and a file that is not an image as invalid, with a reason', async () => {
    const blank = await check({ photoKey: await storePhoto(fixture(FIXTURES.blank)), itemTitle: 'Desk', itemCategory: 'Furniture' });
    const text = await check({ photoKey: await storePhoto(fixture(FIXTURES.notAnImage)), itemTitle: 'Desk', itemCategory: 'Furniture' });

    expect(blank).toMatchObject({ isValid: false, reason: expect.stringContaining('blank') });
    expect(text).toMatchObject({ isValid: false, confidence: 1, reason: expect.stringContaining('not a photo we can read') });
  });

  it('skips a job picked up after its caller stopped waiting: "Validation service error", the photo never checked', async () => {
    const photoKey = await storePhoto(fixture(FIXTURES.furnitureChair));
    expect(await check({ photoKey, itemTitle: 'Chair', itemCategory: 'Furniture', deadline: Date.now() - 1 })).toEqual(VALIDATION_SERVICE_ERROR);
    expect(await check({ photoKey, itemTitle: 'Chair', itemCategory: 'Furniture', deadline: Date.now() + 60_000 })).toMatchObject({ isValid: true });
  });

  it('ends a poison job (no such photo, or a malformed job) with an invalid answer on its first try', async () => {
    const handle = jest.spyOn(sut.service.app.get(ValidatePhotoJobHandler), 'handle');
    const before = await sut.infrastructure.jobs.stats(PHOTO_VALIDATION_QUEUE);

    const missing = await check({ photoKey: `pickups/${randomUUID()}.jpg`, itemTitle: 'Desk', itemCategory: 'Furniture' }, 5);
    const malformed = await check({ photoKey: '../../etc/passwd', itemTitle: 'Desk' }, 5);

    expect(missing).toEqual({ isValid: false, confidence: 1, reason: 'The photo could not be found: please upload it again.' });
    expect(malformed).toMatchObject({ isValid: false, reason: expect.stringContaining('malformed') });
    expect(handle).toHaveBeenCalledTimes(2);
    const after = await sut.infrastructure.jobs.stats(PHOTO_VALIDATION_QUEUE);
    expect(after).toMatchObject({ completed: before.completed + 2, failed: before.failed, waiting: 0 });
    handle.mockRestore();
  });

  it('retries a storage that fails for a moment, and then answers', async () => {
    const photoKey = await storePhoto(fixture(FIXTURES.furnitureChair));
    const get = jest.spyOn(sut.infrastructure.storage, 'get').mockRejectedValueOnce(new Error('storage unavailable'));

    const result = await check({ photoKey, itemTitle: 'Chair', itemCategory: 'Furniture' });

    expect(result.isValid).toBe(true);
    expect(get).toHaveBeenCalledTimes(2);
    get.mockRestore();
  });

  it('labels an item photo showing a person for moderation (item-photo.labelled.v1); a chair gets no label and no event, a missing photo is skipped', async () => {
    const seen: unknown[] = [];
    await sut.infrastructure.bus.subscribe('test_photo_labels', Events.itemPhotoLabelled.subject, async (event) => void seen.push(event.payload));
    const label = (job: PhotoLabelsJob) => sut.infrastructure.jobs.addAndWait(PHOTO_LABELS_QUEUE, job, { attempts: 2, backoffMs: 10, timeoutMs: 20_000 });
    const storeItemPhoto = async (bytes: Buffer) => {
      const key = `photos/${randomUUID()}.webp`;
      await sut.infrastructure.storage.put(key, bytes, 'image/webp');
      return key;
    };
    const person = { itemId: randomUUID(), photoKey: await storeItemPhoto(fixture(FIXTURES.person)) };

    expect(await label(person)).toEqual({ labels: [{ label: 'people', score: expect.any(Number) }] });
    expect(await label({ itemId: randomUUID(), photoKey: await storeItemPhoto(fixture(FIXTURES.furnitureChair)) })).toEqual({ labels: [] });
    expect(await label({ itemId: randomUUID(), photoKey: `photos/${randomUUID()}.webp` })).toEqual({ skipped: 'missing' });
    expect(await label({ itemId: randomUUID(), photoKey: '../../etc/passwd' })).toEqual({ skipped: 'malformed' });

    await waitFor(() => seen.length > 0, { what: 'item-photo.labelled.v1' });
    expect(seen).toEqual([{ ...person, labels: [{ label: 'people', score: expect.any(Number) }] }]);
  });

  it('reports queue depth, outcomes and latency percentiles over RPC, and a working worker in its health', async () => {
    const metrics = await sut.call(Calls.photoValidation.metrics, {});
    const health = await sut.call(healthCall('photo-validation'), {});

    expect(metrics).toMatchObject({
      queue: { waiting: 0, active: 0, failed: 0 },
      worker: { validator: 'local-model', concurrency: 2, coldStartMs: expect.any(Number) },
      // The checks of the tests above, the skipped late job among them (a service error).
      jobs: { valid: 5, invalid: 6, serviceError: 1, failed: 1 },
    });
    expect(metrics.latencyMs?.count).toBe(13);
    expect(metrics.latencyMs!.p50).toBeLessThanOrEqual(metrics.latencyMs!.p99);
    expect(health).toMatchObject({ status: 'ok', checks: { jobQueue: { status: 'ok' }, worker: { status: 'ok' } } });
  });

  it('lets a running check finish when the service stops, then releases the model', async () => {
    const photoKey = await storePhoto(fixture(FIXTURES.furnitureChair));
    const result = check({ photoKey, itemTitle: 'Chair', itemCategory: 'Furniture' });
    await waitFor(async () => (await sut.infrastructure.jobs.stats(PHOTO_VALIDATION_QUEUE)).active === 1, { intervalMs: 5 });

    await stop();

    await expect(result).resolves.toMatchObject({ isValid: true });
  });
});
