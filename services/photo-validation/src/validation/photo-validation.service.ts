import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PhotoValidationResult, photoValidationResultSchema } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import { PHOTO_VALIDATOR, PhotoToValidate, PhotoValidator } from './photo-validator.port';
import { inspectPhoto } from './photo-inspection';
import { isListingCopy } from './listing-copy';

/** The answer to a pickup photo that is the listing's own photo again: it shows the item, but not that anyone went there. */
export const LISTING_COPY: PhotoValidationResult = {
  isValid: false,
  confidence: 0.95,
  reason: "This is the listing's own photo, not one taken at pickup. Take a new photo of the item where you pick it up.",
};

/** How long after the service is up its models start loading: the rest of the app's start goes first. */
export const PRELOAD_DELAY_MS = 2_000;

/** Checks one pickup photo: what needs no model is answered here, the rest by the configured validator. */
@Injectable()
export class PhotoValidationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('photo-validation');
  private preload: NodeJS.Timeout | undefined;
  private preloading: Promise<unknown> | undefined;

  constructor(
    @Inject(PHOTO_VALIDATOR) private readonly validator: PhotoValidator,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PHOTO_MODEL_PRELOAD'>,
  ) {}

  get validatorName(): string {
    return this.validator.name;
  }

  get coldStartMs(): number | null {
    return this.validator.coldStartMs;
  }

  async validate(photo: PhotoToValidate): Promise<PhotoValidationResult> {
    // Decoded once, here: the copy check and a local model work on these pixels.
    const inspection = await inspectPhoto(photo.image);
    if (!inspection.checkable) return inspection.result;
    // A listing photo that no longer decodes is no reason to refuse the pickup photo: the check goes on without it.
    if (photo.listingImage && (await isListingCopy(inspection.pixels, photo.listingImage).catch(() => false))) return LISTING_COPY;
    // Whatever an adapter returns, the client gets only what the contract allows.
    return photoValidationResultSchema.parse(await this.validator.validate({ ...photo, pixels: inspection.pixels }));
  }

  warmUp(): Promise<number> {
    return this.validator.warmUp();
  }

  /**
   * With PHOTO_MODEL_PRELOAD, the models load PRELOAD_DELAY_MS after the service is up (in the background: the service
   * answers meanwhile), so the first member to send a pickup photo does not wait for them. A load that fails is
   * logged and left to the first check, which tries again.
   */
  onApplicationBootstrap(): void {
    if (!this.config.PHOTO_MODEL_PRELOAD) return;
    this.preload = setTimeout(() => {
      this.preload = undefined;
      this.preloading = this.warmUp().catch((err: unknown) => {
        this.log.warn({ err }, 'could not load the photo models ahead of the first check; it will load them');
      });
    }, PRELOAD_DELAY_MS);
    this.preload.unref();
  }

  /** Runs when the app closes: a preload not started is dropped, checks in flight finish, then the models or connections are released. */
  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.preload);
    await this.preloading;
    await this.validator.close();
  }
}
