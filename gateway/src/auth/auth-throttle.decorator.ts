import { SetMetadata } from '@nestjs/common';

export const AUTH_THROTTLE = Symbol('AUTH_THROTTLE');

/** Puts a route under the stricter per-IP limit for sign-in and verification codes. */
export const AuthThrottle = () => SetMetadata(AUTH_THROTTLE, true);
