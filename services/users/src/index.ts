export { usersService } from './users.definition';
