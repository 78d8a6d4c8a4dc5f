import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Calls, DomainError, ItemError, RouteContract, Routes } from '@curbside/contracts';
import { PinoNestLogger } from '@curbside/platform';
import compression from 'compression';
import express, { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { serveApiReferenceAssets } from './docs/api-reference';
import { GatewayModule, GatewayOptions } from './gateway.module';
import { admitWithinCapacity, GatewayAdmission } from './http/admission';
import { bodyErrors } from './http/body-errors.middleware';
import { parseCookies } from './http/cookies.middleware';
import { refuseCrossSiteWrites } from './http/cross-site.middleware';
import { rejectUnstorableText } from './http/text-input.middleware';
import { requestContextMiddleware } from './http/request-context.middleware';
import { ServiceClient } from './http/service-client';
import { noteDevice } from './session/device-cookie';
import { ItemPreview, serveSpa } from './static/spa';

const JSON_LIMIT = '1mb';
/** Brotli's fastest quality, for answers compressed once each (compressResponses). */
export const API_BROTLI_QUALITY = 1;

/** The HTTP app, the same in both modes; only the RPC client differs. Call listen() on the result. */
export async function createGatewayApp(options: GatewayOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(options), {
    bodyParser: false,
    logger: new PinoNestLogger('gateway'),
  });
  app.set('trust proxy', trustProxy(options.config.TRUST_PROXY));
  app.disable('x-powered-by');
  app.use(requestContextMiddleware);
  app.use(
    helmet({
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
    }),
  );
  app.use(compressResponses());
  app.use(refuseCrossSiteWrites);
  app.use(parseCookies(options.config.SESSION_SECRET));
  app.use(noteDevice);
  // Routes whose contract allows a larger JSON body parse it first; the default parser then skips the request.
  for (const route of Object.values(Routes) as RouteContract[]) {
    if (!route.largeJson) continue;
    app.use(route.path, express.json({ limit: route.largeJson.maxBytes }), bodyErrors(route.largeJson.tooLargeMessage));
  }
  app.use(express.json({ limit: JSON_LIMIT }));
  app.use(bodyErrors());
  app.use(rejectUnstorableText);
  // Once the body has been read (at the sender's pace: that wait must not hold a place) and before any service is
  // asked: past capacity a refusal costs next to nothing, and its answer is logged and has the headers above.
  app.use(admitWithinCapacity(app.get(GatewayAdmission).gate));
  serveApiReferenceAssets(app.getHttpAdapter().getInstance());
  const services = app.get(ServiceClient);
  serveSpa(app.getHttpAdapter().getInstance(), options.config.FRONTEND_DIST, { findItem: (id) => findItemPreview(services, id) });
  return app;
}

/**
 * Brotli or gzip for browsers that ask (the SPA's JS and the JSON lists: a 50-item page is ~42 KB raw, ~7 KB
 * compressed). API answers are made for one request, so they get Brotli's fastest quality: for a 50-item page
 * quality 1 takes about a third of the CPU of the default 4 for ~3 % more bytes. The SPA's files, sent once
 * and cached, keep the default. Never the live stream: compression would hold its events back until a buffer fills.
 */
function compressResponses(): RequestHandler {
  const filter = (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res);
  const forApi = compression({ threshold: 1024, filter, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } } });
  const forFiles = compression({ threshold: 1024, filter });
  return (req, res, next) => (req.path.startsWith('/api/') ? forApi : forFiles)(req, res, next);
}

/** An item's page asks with no caller: the public view, whose position is blurred, and only three fields of it. */
async function findItemPreview(services: ServiceClient, id: string): Promise<ItemPreview | null> {
  try {
    const item = await services.call(Calls.items.get, { itemId: id });
    return { title: item.title, description: item.description, imageUrl: item.imageUrl };
  } catch (error) {
    if (error instanceof DomainError && error.code === ItemError.NOT_FOUND) return null;
    throw error;
  }
}

function isEventStream(res: ServerResponse): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}

/** TRUST_PROXY as Express takes it: a boolean, a hop count, or names and addresses. */
export function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
