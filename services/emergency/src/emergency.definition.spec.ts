import { describeServiceStartsHealthy } from '@curbside/testing';
import { emergencyService } from './emergency.definition';

describeServiceStartsHealthy(emergencyService);
