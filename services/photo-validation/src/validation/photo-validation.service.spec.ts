import sharp from 'sharp';
import { PhotoValidationService, PRELOAD_DELAY_MS } from './photo-validation.service';
import type { PhotoToValidate, PhotoValidator } from './photo-validator.port';

/** A validator that counts what the service asks of it; warmUp resolves when the test says. */
function countingValidator() {
  const calls = { warmUp: 0, close: 0 };
  let finishWarmUp: () => void = () => undefined;
  const validator: PhotoValidator = {
    name: 'counting',
    coldStartMs: null,
    validate: () => Promise.reject(new Error('not used')),
    warmUp: () => {
      calls.warmUp++;
      return new Promise<number>((resolve) => (finishWarmUp = () => resolve(1)));
    },
    close: async () => {
      calls.close++;
    },
  };
  return { validator, calls, finishWarmUp: () => finishWarmUp() };
}

describe('loading the photo models ahead of the first check', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loads them once, a moment after the service is up, when PHOTO_MODEL_PRELOAD is on', async () => {
    const { validator, calls, finishWarmUp } = countingValidator();
    const service = new PhotoValidationService(validator, { PHOTO_MODEL_PRELOAD: true });
    service.onApplicationBootstrap();
    jest.advanceTimersByTime(PRELOAD_DELAY_MS - 1);
    expect(calls.warmUp).toBe(0);
    jest.advanceTimersByTime(1);
    expect(calls.warmUp).toBe(1);
    jest.advanceTimersByTime(60_000);
    expect(calls.warmUp).toBe(1);

    // A stop while they load waits for the load, then releases them.
    const stopped = service.onModuleDestroy();
    await Promise.resolve();
    expect(calls.close).toBe(0);
    finishWarmUp();
    await stopped;
    expect(calls.close).toBe(1);
  });

  it('leaves them to the first check when it is off, or when the service stops first', async () => {
    const off = countingValidator();
    new PhotoValidationService(off.validator, { PHOTO_MODEL_PRELOAD: false }).onApplicationBootstrap();
    jest.advanceTimersByTime(60_000);
    expect(off.calls.warmUp).toBe(0);

    const early = countingValidator();
    const service = new PhotoValidationService(early.validator, { PHOTO_MODEL_PRELOAD: true });
    service.onApplicationBootstrap();
    await service.onModuleDestroy();
    jest.advanceTimersByTime(60_000);
    expect(early.calls.warmUp).toBe(0);
    expect(early.calls.close).toBe(1);
  });

  it('carries on after a load that fails: the first check tries again', async () => {
    const { validator, calls } = countingValidator();
    validator.warmUp = () => {
      calls.warmUp++;
      return Promise.reject(new Error('no models'));
    };
    const service = new PhotoValidationService(validator, { PHOTO_MODEL_PRELOAD: true });
    service.onApplicationBootstrap();
    jest.advanceTimersByTime(PRELOAD_DELAY_MS);
    await expect(service.onModuleDestroy()).resolves.toBeUndefined();
    expect(calls).toEqual({ warmUp: 1, close: 1 });
  });
});

describe('a checked photo is decoded once', () => {
  it('hands the validator the pixels the inspection decoded: upright, at most 1,024 px, beside the stored bytes', async () => {
    const seen: PhotoToValidate[] = [];
    const validator: PhotoValidator = {
      name: 'recording',
      coldStartMs: null,
      validate: async (photo) => {
        seen.push(photo);
        return { isValid: true, confidence: 0.9, reason: 'Looks like the item.' };
      },
      warmUp: async () => 0,
      close: async () => undefined,
    };
    // A 2,000 × 1,500 photo stored on its side (EXIF orientation 6): upright it stands 1,500 wide and 2,000 tall.
    const image = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#8a6a4a' } })
      .composite([
        {
          input: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#202020' } })
            .png()
            .toBuffer(),
          top: 100,
          left: 100,
        },
      ])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const service = new PhotoValidationService(validator, { PHOTO_MODEL_PRELOAD: false });
    await expect(service.validate({ image, itemTitle: 'Oak chair', itemCategory: 'Furniture' })).resolves.toMatchObject({ isValid: true });
    expect(seen).toHaveLength(1);
    expect(seen[0].image).toBe(image);
    expect(seen[0].pixels).toMatchObject({ width: 768, height: 1024 });
    expect(seen[0].pixels?.data).toHaveLength(768 * 1024 * 3);
  });
});
