import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Express, NextFunction, Request, Response } from 'express';

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client-side routes). */
export function serveSpa(app: Express, distDir: string): void {
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  const files = express.static(root, { index: false, maxAge: '1h', setHeaders: cachePolicy });
  // API requests never look at the disk (a stat per request otherwise).
  app.use((request: Request, response: Response, next: NextFunction) => (isApiPath(request.path) ? next() : files(request, response, next)));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || isApiPath(request.path)) return next();
    if (!existsSync(index)) return response.status(404).type('text/plain').send('The frontend is not built (npm run build).');
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** HTML is checked every time; files under /assets carry a content hash in their name and never change. */
function cachePolicy(response: Response, path: string): void {
  if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
  else if (/[\\/]assets[\\/]/.test(path)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
