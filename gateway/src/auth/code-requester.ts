import { normalizeIp } from '@nestjs/throttler';
import type { HttpRequest } from '../http/http-request';

/**
 * Who asks for a phone code, as the users service's per-requester quotas count them: the client's network as the
 * rate limits count it, an IPv4 address or an IPv6 /64 (`normalizeIp`). A home or a phone is given a whole /64, so
 * counted per IPv6 address anyone could take a fresh address for every code and spend the number's hourly ceiling
 * from one connection.
 */
export function codeRequester(request: Pick<HttpRequest, 'ip'>): string {
  return normalizeIp(request.ip);
}
