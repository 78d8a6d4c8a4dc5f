import { runServiceProcess } from '@curbside/platform';
import { photoValidationService } from './photo-validation.definition';

void runServiceProcess(photoValidationService);
