// The one plural of the app's texts lives with the contracts, where the services' texts use it too.
export { plural } from '@curbside/contracts/client';
