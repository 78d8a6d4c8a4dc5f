import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { thumbnailUrlOf } from '@curbside/contracts';
import { HttpReply, HttpRequest, isApiPath, pathOf } from '../http/http-request';

/** What an item's page shows to link previews: the public view only, never a position (docs/security.md). */
export interface ItemPreview {
  title: string;
  description: string;
  imageUrl: string | null;
}

export interface SpaOptions {
  /** The public view of an item (no caller), null when there is no such item or it was removed. */
  findItem?: (id: string) => Promise<ItemPreview | null>;
  /** Route options for the files' route (their compression: they are sent once and cached, so they may take longer). */
  routeOptions?: Record<string, unknown>;
  /**
   * The address members reach the app at (PUBLIC_URL), for the links a preview names; without it, the request's own
   * scheme and Host, which only whoever sent them sees.
   */
  publicUrl?: string;
}

/** The client-side route of an item's page, /items/{id}; its screen's preloads are listed under ITEM_SCREEN. */
const ITEM_PAGE = /^\/items\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const ITEM_SCREEN = '/items/:id';

/**
 * Serves the built SPA: a file of the build as it is, and any other non-API GET the app's page (client-side
 * routes). A path under /api that no route answers is the API's 404, never the page.
 */
export async function serveSpa(app: FastifyInstance, distDir: string, options: SpaOptions = {}): Promise<void> {
  const root = resolve(distDir);
  const pages = new SpaPages(root);
  await app.register(fastifyStatic, { root, serve: false, index: false, maxAge: '1h', setHeaders: cachePolicy });
  app.get('/*', options.routeOptions ?? {}, async (request, reply) => {
    const path = pathOf(request);
    if (isApiPath(path)) return reply.callNotFound();
    const file = await fileOf(root, path);
    if (file !== null) return reply.sendFile(file);
    // A file of the build that is not there (an old chunk after a deploy) is a 404, not the app's page: a browser
    // would otherwise run HTML as a script and fail with a confusing error instead of a missing file.
    if (path.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (path.startsWith('/items/')) return sendItemPage(request, reply, path);
    const page = pages.for(path);
    if (page === null) return notBuilt(reply);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });

  /**
   * /items/{id}: the page with the item's title, description and photo in Open Graph and Twitter tags, so a shared
   * link previews it; 404 (the app's page, which shows its own "not found") for an item that is not there.
   */
  async function sendItemPage(request: HttpRequest, reply: HttpReply, path: string): Promise<HttpReply> {
    const id = ITEM_PAGE.exec(path)?.[1];
    // Nobody to ask (the SPA served alone), or the items service not answering: the page without tags, and the
    // app asks the API itself.
    const item = id && options.findItem ? await options.findItem(id.toLowerCase()).catch(() => undefined) : null;
    const found = item !== null || (id !== undefined && !options.findItem);
    const origin = options.publicUrl ? new URL(options.publicUrl).origin : `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const page = pages.for(ITEM_SCREEN, item ? itemMetaTags(item, origin, path) : '');
    if (page === null) return notBuilt(reply);
    // An item changes (edited, claimed, removed): its page is checked again every time, never kept.
    return reply
      .code(found ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  }
}

function notBuilt(reply: HttpReply): HttpReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('The frontend is not built (npm run build).');
}

/**
 * The build's file at a URL path, relative to the build's folder, or null when there is none: a path that does not
 * decode, reaches outside the folder, names a hidden file or a folder.
 */
async function fileOf(root: string, path: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return null;
  const absolute = resolve(root, `.${decoded}`);
  if (!absolute.startsWith(root + sep)) return null;
  const found = await stat(absolute).catch(() => null);
  return found?.isFile() ? absolute.slice(root.length + 1) : null;
}

/** The head tags of an item's page; every value escaped, the photo's address made absolute for link previews. */
export function itemMetaTags(item: ItemPreview, origin: string, path: string): string {
  const description = item.description.length > 200 ? `${item.description.slice(0, 199)}…` : item.description;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Curbside'],
    ['property', 'og:title', item.title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${origin}${path}`],
    ['name', 'twitter:card', item.imageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', item.title],
    ['name', 'twitter:description', description],
    ['name', 'description', description],
  ];
  const image = thumbnailUrlOf(item.imageUrl) ?? item.imageUrl;
  if (image) {
    const absolute = /^https?:\/\//i.test(image) ? image : `${origin}${image.startsWith('/') ? '' : '/'}${image}`;
    tags.push(['property', 'og:image', absolute], ['name', 'twitter:image', absolute]);
  }
  return (
    `<title>${escapeHtml(item.title)} · Curbside</title>` + tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}">`).join('')
  );
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * index.html for a path, naming the files of the screen at that path (route-preloads.json, written by the
 * frontend's build) as module preloads: they then download beside the app's entry instead of after it has run.
 * Read again whenever the build changes it.
 */
class SpaPages {
  private built: { version: number; plain: string; byPath: Map<string, string> } | null = null;

  constructor(private readonly root: string) {}

  /** null when the frontend is not built. `head` (already escaped) goes at the end of the page's head. */
  for(path: string, head = ''): string | null {
    const index = join(this.root, 'index.html');
    const version = statSync(index, { throwIfNoEntry: false })?.mtimeMs;
    if (version === undefined) return null;
    if (this.built?.version !== version) this.built = { version, ...this.read(index) };
    const screen = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const page = this.built.byPath.get(screen) ?? this.built.plain;
    // An item's own title replaces the app's, so the tab and a bookmark name the item.
    return head ? page.replace(/<title>[^<]*<\/title>/, '').replace('</head>', () => `${head}</head>`) : page;
  }

  private read(index: string): { plain: string; byPath: Map<string, string> } {
    const plain = readFileSync(index, 'utf8');
    const byPath = new Map<string, string>();
    for (const [path, files] of Object.entries(readPreloads(join(this.root, 'route-preloads.json')))) {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      byPath.set(
        path,
        plain.replace('</head>', () => `${links}</head>`),
      );
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

/** HTML is checked every time; files under /assets carry a content hash in their name and never change. */
function cachePolicy(reply: HttpReply, path: string): void {
  // The service worker is checked on every visit, or a fixed app would reach its members up to an hour late.
  if (path.endsWith('.html') || /[\\/]sw\.js$/.test(path)) reply.header('Cache-Control', 'no-cache');
  else if (/[\\/]assets[\\/]/.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
}
