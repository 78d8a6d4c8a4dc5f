import { VALIDATION_SERVICE_ERROR } from '@curbside/contracts';
import { PhotoValidationMetrics, STALL_MS } from './photo-validation.metrics';

describe(PhotoValidationMetrics.name, () => {
  it('counts outcomes, a throwing job as failed', async () => {
    const sut = new PhotoValidationMetrics();

    await sut.time(async () => ({ isValid: true, confidence: 0.6, reason: 'ok' }));
    await sut.time(async () => ({ isValid: false, confidence: 0.9, reason: 'A person is visible in the photo.' }));
    await sut.time(async () => VALIDATION_SERVICE_ERROR);
    await expect(sut.time(() => Promise.reject(new Error('storage down')))).rejects.toThrow('storage down');

    expect(sut.snapshot()).toMatchObject({ jobs: { valid: 1, invalid: 1, serviceError: 1, failed: 1 }, latencyMs: { count: 4 } });
  });

  it('has no percentiles before the first job', () => {
    expect(new PhotoValidationMetrics().snapshot()).toEqual({
      jobs: { valid: 0, invalid: 0, serviceError: 0, failed: 0 },
      latencyMs: null,
      lastJobFinishedAt: null,
    });
  });

  it('is healthy once the worker runs, and down when jobs wait with nothing started for too long', () => {
    const sut = new PhotoValidationMetrics();
    const idle = { waiting: 0, active: 0, completed: 0, failed: 0 };
    expect(() => sut.assertWorking(idle)).toThrow('has not started');

    sut.markWorkerStarted();

    expect(() => sut.assertWorking(idle, Date.now() + STALL_MS * 2)).not.toThrow();
    expect(() => sut.assertWorking({ ...idle, waiting: 3 }, Date.now() + 1000)).not.toThrow();
    expect(() => sut.assertWorking({ ...idle, waiting: 3 }, Date.now() + STALL_MS + 1000)).toThrow(/3 photo checks waiting/);
  });
});
