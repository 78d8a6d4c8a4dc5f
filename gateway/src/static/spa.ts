import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Express, NextFunction, Request, Response } from 'express';

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client-side routes). */
export function serveSpa(app: Express, distDir: string): void {
  const root = resolve(distDir);
  const pages = new SpaPages(root);
  const files = express.static(root, { index: false, maxAge: '1h', setHeaders: cachePolicy });
  // API requests never look at the disk (a stat per request otherwise).
  app.use((request: Request, response: Response, next: NextFunction) => (isApiPath(request.path) ? next() : files(request, response, next)));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || isApiPath(request.path)) return next();
    const page = pages.for(request.path);
    if (page === null) return response.status(404).type('text/plain').send('The frontend is not built (npm run build).');
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(page);
  });
}

/**
 * index.html for a path, naming the files of the screen at that path (route-preloads.json, written by the
 * frontend's build) as module preloads: they then download beside the app's entry instead of after it has run.
 * Read again whenever the build changes it.
 */
class SpaPages {
  private built: { version: number; plain: string; byPath: Map<string, string> } | null = null;

  constructor(private readonly root: string) {}

  /** null when the frontend is not built. */
  for(path: string): string | null {
    const index = join(this.root, 'index.html');
    const version = statSync(index, { throwIfNoEntry: false })?.mtimeMs;
    if (version === undefined) return null;
    if (this.built?.version !== version) this.built = { version, ...this.read(index) };
    const screen = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return this.built.byPath.get(screen) ?? this.built.plain;
  }

  private read(index: string): { plain: string; byPath: Map<string, string> } {
    const plain = readFileSync(index, 'utf8');
    const byPath = new Map<string, string>();
    for (const [path, files] of Object.entries(readPreloads(join(this.root, 'route-preloads.json')))) {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      byPath.set(path, plain.replace('</head>', () => `${links}</head>`));
    }
    return { plain, byPath };
  }
}

/** { "/map": ["/assets/map-1f2e.js", ...] }; nothing when the file is missing or not of that shape. */
function readPreloads(file: string): Record<string, string[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const valid = Object.entries(parsed).filter(
    (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((f) => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f)),
  );
  return Object.fromEntries(valid);
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** HTML is checked every time; files under /assets carry a content hash in their name and never change. */
function cachePolicy(response: Response, path: string): void {
  if (path.endsWith('.html')) response.setHeader('Cache-Control', 'no-cache');
  else if (/[\\/]assets[\\/]/.test(path)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
