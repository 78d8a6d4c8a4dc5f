const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A method that changes something: refused from other sites (cross-site.hook.ts) and let in first (admission.ts). */
export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}
