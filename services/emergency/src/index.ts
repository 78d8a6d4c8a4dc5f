export { emergencyService } from './emergency.definition';
