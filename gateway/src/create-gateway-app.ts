import zlib from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Calls, DomainError, ErrorCode, ItemError } from '@curbside/contracts';
import { PinoNestLogger } from '@curbside/platform';
import { serveApiReferenceAssets } from './docs/api-reference';
import { sendError } from './errors/error-response';
import { GatewayModule, GatewayOptions } from './gateway.module';
import { AdmissionGate, admitWithinCapacity, GatewayAdmission } from './http/admission';
import { DEFAULT_BODY_LIMIT, readBodies } from './http/body-parsers';
import { readCookies } from './http/cookies';
import { refuseCrossSiteWrites } from './http/cross-site.hook';
import { tagAnswers } from './http/entity-tags';
import { declareRequestFields, type HttpReply } from './http/http-request';
import { echoRequestId, enterRequestContext, logRequest, requestIdOf } from './http/request-log.hooks';
import { bindRouteContracts } from './http/route-templates';
import { setSecurityHeaders } from './http/security-headers';
import { ServiceClient } from './http/service-client';
import { rejectUnstorableText } from './http/text-input.hook';
import { ItemPreview, serveSpa } from './static/spa';

/** Brotli's fastest quality, for answers compressed once each (see compression()). */
export const API_BROTLI_QUALITY = 1;
/** Brotli's quality for the SPA's files: sent once and then cached by the browser. */
const FILE_BROTLI_QUALITY = 4;

/**
 * Brotli or gzip for browsers that ask (the SPA's JS and the JSON lists: a 50-item page is ~42 KB raw, ~7 KB
 * compressed), above 1 KB, never the live stream (its type is not compressible here, and it is written past
 * Fastify). API answers are made for one request, so they get Brotli's fastest quality: for a 50-item page
 * quality 1 takes about a third of the CPU of the default 4 for ~3 % more bytes; the SPA's files keep 4. An answer
 * up to 256 KB (every list) is compressed in one call as it is sent, with its length known, instead of through a
 * stream: no zlib stream per answer, one write of the whole answer.
 */
function compression(brotliQuality: number): FastifyCompressOptions {
  return {
    encodings: ['br', 'gzip', 'deflate'],
    threshold: 1024,
    syncThreshold: 256 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
  };
}

/** The HTTP app, the same in both modes; only the RPC client differs. Call listen() on the result. */
export async function createGatewayApp(options: GatewayOptions): Promise<INestApplication> {
  const { config } = options;
  const adapter = new FastifyAdapter({
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: DEFAULT_BODY_LIMIT,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Routes answer with and without a trailing slash, as they did before; a parameter's length is the contract's
    // to judge (a 400 naming it), not the router's.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // No connect-style middleware (@fastify/middie): every step is a Fastify hook below.
    skipMiddie: true,
    // A URL the router cannot read is the API's 400 like any other bad input, not Fastify's own error body.
    frameworkErrors: (error: Error, _request: unknown, reply: HttpReply) =>
      sendError(reply, new DomainError(ErrorCode.VALIDATION_FAILED, `The address is not valid: ${error.message}`)),
    // While the server closes, a request on a connection still open is answered as usual (its services may still
    // answer, or it gets the API's own 503), not with Fastify's bare 503.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(options), adapter, {
    bodyParser: false,
    logger: new PinoNestLogger('gateway'),
  });
  const server = app.getHttpAdapter().getInstance();
  prepareRouting(server);
  // Before the body is read: the id every answer echoes, helmet's headers, cross-site writes refused, cookies read.
  server.addHook('onRequest', echoRequestId);
  server.addHook('onRequest', setSecurityHeaders());
  server.addHook('onRequest', refuseCrossSiteWrites);
  server.addHook('onRequest', readCookies(config.SESSION_SECRET));
  server.addHook('preValidation', rejectUnstorableText);
  // Once the body has been read (at the sender's pace: that wait must not hold a place) and before any service is
  // asked: past capacity a refusal costs next to nothing, and its answer is logged and has the headers above.
  server.addHook('preHandler', admitWithinCapacity(app.get(GatewayAdmission).gate));
  server.addHook('preHandler', enterRequestContext);
  server.addHook('onSend', tagAnswers);
  server.addHook('onResponse', logRequest);
  await app.register(fastifyCompress, compression(API_BROTLI_QUALITY));
  serveApiReferenceAssets(server);
  const services = app.get(ServiceClient);
  const gate = app.get(GatewayAdmission).gate;
  await serveSpa(server, config.FRONTEND_DIST, {
    findItem: (id) => findItemPreview(services, gate, id),
    routeOptions: { compress: compression(FILE_BROTLI_QUALITY) },
    publicUrl: config.PUBLIC_URL,
  });
  return app;
}

/**
 * What the gateway's routes need of the server before NestJS adds them: the request's own fields, each route tied to
 * its contract, and the bodies read as the routes take them.
 */
export function prepareRouting(server: FastifyInstance): void {
  declareRequestFields(server);
  bindRouteContracts(server);
  readBodies(server);
}

/**
 * An item's page asks with no caller: the public view, whose position is blurred, and only three fields of it. The
 * call takes a place at the gate as any request's does; with none free it is not made, and the page goes without the
 * item's tags (the app asks the API itself), so loading item pages in a loop reaches the services no faster than the
 * API would.
 */
export async function findItemPreview(services: ServiceClient, gate: AdmissionGate, id: string): Promise<ItemPreview | null> {
  const place = gate.tryEnter();
  if (!place) throw new Error('the gateway is at capacity: the page goes without its preview');
  try {
    const item = await services.call(Calls.items.get, { itemId: id });
    return { title: item.title, description: item.description, imageUrl: item.imageUrl };
  } catch (error) {
    if (error instanceof DomainError && error.code === ItemError.NOT_FOUND) return null;
    throw error;
  } finally {
    place.release();
  }
}

/** TRUST_PROXY as the server takes it: a boolean, a hop count, or names and addresses (comma-separated). */
export function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
