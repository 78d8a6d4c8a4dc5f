export { itemsService } from './items.definition';
