export { photoValidationService } from './photo-validation.definition';
export type { PhotoToValidate, PhotoValidator } from './validation/photo-validator.port';
export { LocalModelPhotoValidator } from './local-model/local-model.photo-validator';
