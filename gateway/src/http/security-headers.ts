import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import helmet from 'helmet';

/** The policy the SPA needs: its own origin, map tiles from OpenStreetMap, images from data: and blob: URLs. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
      connectSrc: ["'self'"],
      // The SPA's service worker (/sw.js) and its install manifest come from this site only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets, read once: with the options above they do not depend on the request (no nonce, no
 * function of it), so running helmet's dozen middlewares on every request would only repeat the same answer.
 */
export function helmetHeaders(options = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return [...headers];
}

/** Helmet's headers on every answer, set on the socket's own response so a live stream and a refusal have them too. */
export function setSecurityHeaders(): onRequestHookHandler {
  const headers = helmetHeaders();
  return (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  };
}
