import { fixture, FIXTURES, humanSamplesPhoto } from '../testing/photos.fixture';
import { LOCAL_PASS_CONFIDENCE_CAP, UNSEEN_STANDARDS_NOTE } from './local-model.rules';
import { LocalModelPhotoValidator } from './local-model.photo-validator';
import { sharedVisionModels } from './shared-vision-models';

const furniture = { itemTitle: 'Wooden folding chair', itemCategory: 'Furniture' };

describe(LocalModelPhotoValidator.name, () => {
  const sut = new LocalModelPhotoValidator();

  beforeAll(async () => {
    // The cold start happens once per file (models load, wasm kernels compile); the checks below are warm.
    await sut.warmUp();
  });
  afterAll(() => sut.close());

  it('reports its cold start once it has run', () => {
    expect(sut.coldStartMs).toBeGreaterThan(0);
  });

  it('passes a chair at the curb for a chair, below the local cap, and says what it could not check', async () => {
    const result = await sut.validate({ image: fixture(FIXTURES.furnitureChair), ...furniture });

    expect(result.isValid).toBe(true);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(LOCAL_PASS_CONFIDENCE_CAP);
    expect(result.reason).toContain('chair');
    expect(result.reason).toContain(UNSEEN_STANDARDS_NOTE);
  });

  it('rejects a photo of a person with a reason a person understands', async () => {
    const result = await sut.validate({ image: fixture(FIXTURES.person), itemTitle: 'Armchair', itemCategory: 'Furniture' });

    expect(result).toMatchObject({ isValid: false, reason: expect.stringContaining('A person is visible in the photo.') });
    expect(result.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('rejects a photo of several people', async () => {
    const result = await sut.validate({ image: humanSamplesPhoto(), ...furniture });

    expect(result).toMatchObject({ isValid: false, reason: expect.stringContaining('A person is visible') });
  });

  it('rejects a prominent bottle as possible alcohol', async () => {
    const result = await sut.validate({ image: fixture(FIXTURES.beerBottle), itemTitle: 'Side table', itemCategory: 'Furniture' });

    expect(result).toMatchObject({ isValid: false, reason: expect.stringContaining('Alcohol is not allowed') });
  });

  it('takes the bottle for the item when the title names one', async () => {
    const result = await sut.validate({ image: fixture(FIXTURES.beerBottle), itemTitle: 'Glass bottles for crafts', itemCategory: 'Household' });

    expect(result.isValid).toBe(true);
  });

  it('does not take a cup of coffee for alcohol', async () => {
    const result = await sut.validate({ image: fixture(FIXTURES.coffeeCup), itemTitle: 'Coffee mug', itemCategory: 'Household' });

    expect(result).toMatchObject({ isValid: true, reason: expect.stringContaining('cup') });
  });

  it('does not take a cat face for a person', async () => {
    const findings = await sut.findings(fixture(FIXTURES.cat));
    const result = await sut.validate({ image: fixture(FIXTURES.cat), itemTitle: 'Cat scratching post', itemCategory: 'Household' });

    // BlazeFace does see a face in the cat: the body requirement is what keeps it from rejecting.
    expect(Math.max(...findings.faceScores)).toBeGreaterThan(0.5);
    expect(result.isValid).toBe(true);
  });

  it('answers a blank photo without crashing, passing nothing it cannot see', async () => {
    const result = await sut.validate({ image: fixture(FIXTURES.blank), ...furniture });

    expect(result.confidence).toBeLessThanOrEqual(0.45);
    expect(result.reason).toContain('could not recognise the item');
  });

  it('answers a file that is not an image with an invalid result, not an error', async () => {
    await expect(sut.validate({ image: fixture(FIXTURES.notAnImage), ...furniture })).resolves.toMatchObject({
      isValid: false,
      reason: expect.stringContaining('not a photo we can read'),
    });
  });

  it('gives the same answer for the same photo, and keeps no tensors from one photo to the next', async () => {
    const photo = { image: fixture(FIXTURES.furnitureChair), ...furniture };
    const first = await sut.findings(photo.image);
    const thread = await sharedVisionModels.thread();
    const before = await thread.memory();

    const again = await Promise.all([sut.findings(photo.image), sut.findings(photo.image)]);

    expect(again).toEqual([first, first]);
    expect(await thread.memory()).toEqual(before);
    expect(before.bytes).toBeGreaterThan(10_000_000);
    expect(await sut.validate(photo)).toEqual(await sut.validate(photo));
  });
});

describe('local model thread', () => {
  it('ends when its last validator closes, after the checks already sent, and starts again when asked', async () => {
    const first = new LocalModelPhotoValidator();
    const second = new LocalModelPhotoValidator();
    await Promise.all([first.warmUp(), second.warmUp()]);
    const thread = await sharedVisionModels.thread();

    await first.close();
    expect(thread.alive).toBe(true);
    const inFlight = second.validate({ image: fixture(FIXTURES.furnitureChair), ...furniture });
    await second.close();

    await expect(inFlight).resolves.toMatchObject({ isValid: true });
    expect(thread.alive).toBe(false);
    await expect(first.validate({ image: fixture(FIXTURES.furnitureChair), ...furniture })).resolves.toMatchObject({ isValid: true });
    expect(await sharedVisionModels.thread()).not.toBe(thread);
    await first.close();
  });

  it('does not hold up the event loop while it checks a photo', async () => {
    const sut = new LocalModelPhotoValidator();
    await sut.warmUp();
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      longestGapMs = Math.max(longestGapMs, performance.now() - last);
      last = performance.now();
    }, 5);

    const started = performance.now();
    await sut.validate({ image: fixture(FIXTURES.furnitureChair), ...furniture });
    const checkMs = performance.now() - started;
    clearInterval(ticker);
    await sut.close();

    // On this thread a check would block it for its whole duration; what is left is decoding and message passing.
    expect(longestGapMs).toBeLessThan(checkMs / 2);
  });
});
