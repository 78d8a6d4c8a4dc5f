import { runServiceProcess } from '@curbside/platform';
import { emergencyService } from './emergency.definition';

void runServiceProcess(emergencyService);
