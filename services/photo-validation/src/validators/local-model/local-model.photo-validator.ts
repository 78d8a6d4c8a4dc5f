import type { PhotoValidationResult } from '@curbside/contracts';
import { decodeRgb } from '../../photos/rgb-image';
import type { PhotoToValidate, PhotoValidator } from '../photo-validator.port';
import { judgeFindings } from './local-model.rules';
import type { LocalVisionModels } from './local-vision-models';
import { sharedVisionModels } from './shared-vision-models';
import type { VisionFindings } from './vision-findings';

const UNREADABLE_PHOTO: PhotoValidationResult = { isValid: false, confidence: 1, reason: 'The file is not a photo we can read: please upload a JPEG, PNG or WebP image.' };

/** The detectors' own input sizes are 256–512 px; more pixels only cost decoding and resizing time. */
const MODEL_INPUT_SIDE = 512;

/**
 * The default validator: shipped models in this process, nothing sent anywhere. It sees people, explicit
 * content and some drink containers, and roughly what the item is; its answers say what it could not check.
 */
export class LocalModelPhotoValidator implements PhotoValidator {
  readonly name = 'local-model';
  private models: Promise<LocalVisionModels> | null = null;
  /** tfjs on wasm runs one inference at a time on this thread; a chain keeps two jobs from interleaving inside Human. */
  private tail: Promise<unknown> = Promise.resolve();
  private coldStart: number | null = null;

  /** Load plus first inference, in ms, once the models have been used (null before). */
  get coldStartMs(): number | null {
    return this.coldStart;
  }

  async validate(photo: PhotoToValidate): Promise<PhotoValidationResult> {
    // The service inspects photos before any validator; this guards direct callers (the bench, tests).
    const image = await decodeRgb(photo.image, MODEL_INPUT_SIDE).catch(() => null);
    if (!image) return UNREADABLE_PHOTO;
    const findings = await this.serially(async () => this.analyse(await this.loadedModels(), image));
    return judgeFindings(findings, { title: photo.itemTitle, category: photo.itemCategory });
  }

  /** What the models saw, before the rules: for tests and tuning. */
  async findings(photo: Buffer): Promise<VisionFindings> {
    const image = await decodeRgb(photo, MODEL_INPUT_SIDE);
    return this.serially(async () => this.analyse(await this.loadedModels(), image));
  }

  async warmUp(): Promise<number> {
    const started = performance.now();
    const blank = { data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64 };
    await this.serially(async () => this.analyse(await this.loadedModels(), blank));
    return Math.round(performance.now() - started);
  }

  async close(): Promise<void> {
    // Running and queued checks finish first; a check that arrives later loads the models again.
    await this.tail.catch(() => undefined);
    if (!this.models) return;
    this.models = null;
    await sharedVisionModels.release();
  }

  private loadedModels(): Promise<LocalVisionModels> {
    if (!this.models) {
      const models = sharedVisionModels.acquire();
      this.models = models;
      models.catch(() => {
        if (this.models === models) this.models = null;
      });
    }
    return this.models;
  }

  private async analyse(models: LocalVisionModels, image: Parameters<LocalVisionModels['analyse']>[0]): Promise<VisionFindings> {
    const started = performance.now();
    const findings = await models.analyse(image);
    // The first inference compiles the wasm kernels for these shapes: it belongs to the cold start.
    this.coldStart ??= models.loadMs + Math.round(performance.now() - started);
    return findings;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
