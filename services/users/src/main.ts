import { runServiceProcess } from '@curbside/platform';
import { usersService } from './users.definition';

void runServiceProcess(usersService);
