/**
 * Whether the server may post to a push endpoint (docs/security.md): https on a host of PUSH_SERVICE_HOSTS (an exact
 * name, or `*.domain` for its sub-domains), or exactly an http origin the list names (only loopback ones are
 * accepted in config: a test's own receiver). No credentials in the URL; anything else is refused, so a member can
 * never make the server post to an address of their choosing.
 */
export function pushEndpointAllowed(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') return allowed.includes(url.origin);
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : !entry.includes('://') && host === entry,
  );
}
