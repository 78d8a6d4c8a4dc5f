import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { Routes } from '@curbside/contracts';
import type { FastifyInstance } from 'fastify';

/** Where the reference page's files are served from: the gateway itself, never a CDN (the CSP allows only 'self'). */
export const REFERENCE_ASSETS_PATH = `${Routes.docs.path}/assets`;

/** The files of swagger-ui-dist the page loads, and their types; nothing else of the package is reachable. */
const PACKAGE_FILES = { 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8', 'swagger-ui.css': 'text/css; charset=utf-8' } as const;

/**
 * Starts Swagger UI on the document. A file of its own, not an inline script: the CSP (create-gateway-app.ts)
 * allows scripts from this origin only. No validator badge: it would send the document to a remote service.
 */
const START_SCRIPT = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(Routes.openApiDocument.path)},
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
  });
});
`;

/** GET /api/docs: the browsable reference of /api/openapi.json. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Curbside API reference</title>
    <link rel="stylesheet" href="${REFERENCE_ASSETS_PATH}/swagger-ui.css">
  </head>
  <body>
    <div id="reference"></div>
    <script src="${REFERENCE_ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_ASSETS_PATH}/start.js"></script>
  </body>
</html>
`;

/** The reference page's scripts and styles, from the installed swagger-ui-dist package (kept a day by browsers). */
export function serveApiReferenceAssets(app: FastifyInstance): void {
  const packageDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  const cache = 'public, max-age=86400';
  app.get(`${REFERENCE_ASSETS_PATH}/start.js`, async (_request, reply) =>
    reply.header('Cache-Control', cache).type('text/javascript; charset=utf-8').send(START_SCRIPT),
  );
  for (const [file, type] of Object.entries(PACKAGE_FILES)) {
    app.get(`${REFERENCE_ASSETS_PATH}/${file}`, async (_request, reply) =>
      reply
        .header('Cache-Control', cache)
        .type(type)
        .send(createReadStream(join(packageDir, file))),
    );
  }
}
