import { basename, dirname } from 'node:path';

/** `services/items/dist/main.js` → `items`, `gateway/dist/main.js` → `gateway`, `launcher/dist/embedded.js` → `embedded`. */
export function processName(entry: string | undefined): string {
  if (!entry) return 'node';
  const file = basename(entry, '.js');
  if (file !== 'main') return file;
  return basename(dirname(dirname(entry)));
}
