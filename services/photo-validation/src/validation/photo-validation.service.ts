import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PhotoValidationResult, photoValidationResultSchema } from '@curbside/contracts';
import { PHOTO_VALIDATOR, PhotoToValidate, PhotoValidator } from './photo-validator.port';
import { inspectPhoto } from './photo-inspection';

/** Checks one pickup photo: what needs no model is answered here, the rest by the configured validator. */
@Injectable()
export class PhotoValidationService implements OnModuleDestroy {
  constructor(@Inject(PHOTO_VALIDATOR) private readonly validator: PhotoValidator) {}

  get validatorName(): string {
    return this.validator.name;
  }

  get coldStartMs(): number | null {
    return this.validator.coldStartMs;
  }

  async validate(photo: PhotoToValidate): Promise<PhotoValidationResult> {
    const inspection = await inspectPhoto(photo.image);
    if (!inspection.checkable) return inspection.result;
    // Whatever an adapter returns, the client gets only what the contract allows.
    return photoValidationResultSchema.parse(await this.validator.validate(photo));
  }

  warmUp(): Promise<number> {
    return this.validator.warmUp();
  }

  /** Runs when the app closes: checks in flight finish, then the models or connections are released. */
  onModuleDestroy(): Promise<void> {
    return this.validator.close();
  }
}
