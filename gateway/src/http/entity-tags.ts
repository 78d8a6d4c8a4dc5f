import etag from 'etag';
import type { onSendHookHandler } from 'fastify';

/** RFC 9110 If-None-Match: weak comparison, a list of tags, or `*` for any current representation. */
export function ifNoneMatchHits(header: string | undefined, entityTag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(entityTag));
}

const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/;

/**
 * A weak ETag on every successful GET answer with a body (a hash of its bytes), and a 304 without the body when the
 * client's copy is still it: a list the app asks for again (the bell's count, a feed it returns to) costs the
 * network nothing when it has not changed. Runs before compression, which then has nothing to do for a 304.
 */
export const tagAnswers: onSendHookHandler = (request, reply, payload, done) => {
  const method = request.method;
  if ((method !== 'GET' && method !== 'HEAD') || reply.statusCode < 200 || reply.statusCode > 299) return done(null, payload);
  if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('etag')) return done(null, payload);
  const tag = etag(payload, { weak: true });
  reply.header('ETag', tag);
  const asked = request.headers['if-none-match'];
  if (asked && !NO_CACHE.test(request.headers['cache-control'] ?? '') && ifNoneMatchHits(asked, tag)) {
    reply.code(304);
    return done(null, '');
  }
  done(null, payload);
};
