import { describeServiceStartsHealthy } from '@curbside/testing';
import { photoValidationService } from './photo-validation.definition';

describeServiceStartsHealthy(photoValidationService);
