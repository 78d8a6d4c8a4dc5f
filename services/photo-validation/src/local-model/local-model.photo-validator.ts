import type { PhotoValidationResult } from '@curbside/contracts';
import { createLogger } from '@curbside/platform';
import { rgbAtMost, type RgbImage } from '../validation/rgb-image';
import type { PhotoToValidate, PhotoValidator } from '../validation/photo-validator.port';
import { judgeFindings } from './local-model.rules';
import { sharedVisionModels } from './shared-vision-models';
import type { VisionFindings } from './vision-findings';

const UNREADABLE_PHOTO: PhotoValidationResult = {
  isValid: false,
  confidence: 1,
  reason: 'The file is not a photo we can read: please upload a JPEG, PNG or WebP image.',
};

/** The detectors' own input sizes are 256–512 px; more pixels only cost decoding and resizing time. */
const MODEL_INPUT_SIDE = 512;

/**
 * The default validator: shipped models in a thread of this process (see VisionThread), nothing sent anywhere. It sees people, explicit
 * content and some drink containers, and roughly what the item is; its answers say what it could not check.
 */
export class LocalModelPhotoValidator implements PhotoValidator {
  readonly name = 'local-model';
  private holding = false;
  private coldStart: number | null = null;

  /** Model load plus this validator's first inference, in ms (null before its first check). */
  get coldStartMs(): number | null {
    return this.coldStart;
  }

  async validate(photo: PhotoToValidate): Promise<PhotoValidationResult> {
    // The service inspects photos before any validator and hands over their pixels; decoding guards direct callers (the bench, tests).
    const image = await rgbAtMost(photo.pixels ?? photo.image, MODEL_INPUT_SIDE).catch(() => null);
    if (!image) return UNREADABLE_PHOTO;
    const findings = await this.analyse(image);
    return judgeFindings(findings, { title: photo.itemTitle, category: photo.itemCategory });
  }

  /** What the models saw, before the rules: for item photos' labels, tests and tuning. From bytes or decoded pixels. */
  async findings(photo: Buffer | RgbImage): Promise<VisionFindings> {
    return this.analyse(await rgbAtMost(photo, MODEL_INPUT_SIDE));
  }

  async warmUp(): Promise<number> {
    const started = performance.now();
    await this.analyse({ data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64 });
    return Math.round(performance.now() - started);
  }

  /** Checks already sent finish first (the thread answers in order); a check that arrives later starts it again. */
  async close(): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await sharedVisionModels.release();
  }

  private async analyse(image: RgbImage): Promise<VisionFindings> {
    if (!this.holding) {
      this.holding = true;
      sharedVisionModels.hold();
    }
    const thread = await sharedVisionModels.thread();
    const started = performance.now();
    const findings = await thread.analyse(image);
    if (this.coldStart === null) {
      // The first inference compiles the wasm kernels for these shapes: it belongs to the cold start.
      this.coldStart = thread.loadMs + Math.round(performance.now() - started);
      createLogger('photo-validation').info({ coldStartMs: this.coldStart, loadMs: thread.loadMs }, 'local photo models ready');
    }
    return findings;
  }
}
