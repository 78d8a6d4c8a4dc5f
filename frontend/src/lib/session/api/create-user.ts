import type { CreateUserRequest, User } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { api } from '../../api-client';

/** Creates an anonymous user; the answer also sets the httpOnly session cookie. */
export const createUser = (body: CreateUserRequest = { locationRadius: '2' }) => api.post<User>(apiPath('createUser'), body);
