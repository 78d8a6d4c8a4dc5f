import { runServiceProcess } from '@curbside/platform';
import { itemsService } from './items.definition';

void runServiceProcess(itemsService);
