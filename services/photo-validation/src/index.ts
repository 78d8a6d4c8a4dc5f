export { photoValidationService } from './photo-validation.definition';
