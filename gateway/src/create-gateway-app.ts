import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PinoNestLogger } from '@curbside/platform';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { GatewayModule, GatewayOptions } from './gateway.module';
import { bodyErrorsMiddleware } from './http/body-errors.middleware';
import { requestContextMiddleware } from './http/request-context.middleware';
import { serveSpa } from './static/spa';

const JSON_LIMIT = '1mb';
const PHOTO_JSON_LIMIT = '7mb';
const PHOTO_JSON_ROUTES = /^\/api\/items\/[^/]+\/(validate-pickup|claim)$/;

/** The HTTP app, the same in both modes; only the RPC client differs. Call listen() on the result. */
export async function createGatewayApp(options: GatewayOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(options), {
    bodyParser: false,
    logger: new PinoNestLogger('gateway'),
  });
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(requestContextMiddleware);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  // gzip for browsers that ask (the SPA's JS and the JSON lists: a 50-item page is ~42 KB raw).
  app.use(compression({ threshold: 1024 }));
  app.use(cookieParser(options.config.SESSION_SECRET));
  // Pickup photos travel as base64 in JSON (spec §7): up to 5 MB of image, so these two routes read more.
  app.use(PHOTO_JSON_ROUTES, express.json({ limit: PHOTO_JSON_LIMIT }));
  app.use(express.json({ limit: JSON_LIMIT }));
  app.use(bodyErrorsMiddleware);
  serveSpa(app.getHttpAdapter().getInstance(), options.config.FRONTEND_DIST);
  return app;
}
