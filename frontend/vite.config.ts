/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The app's one stylesheet (about 9 KB gzipped) goes into index.html: the page then paints without waiting for
 * another request first.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'curbside:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName === 'index.html');
      if (!html || html.type !== 'asset') return;
      let source = String(html.source);
      for (const [fileName, file] of Object.entries(bundle)) {
        const link = `<link rel="stylesheet" crossorigin href="/${fileName}">`;
        if (file.type !== 'asset' || !fileName.endsWith('.css') || !source.includes(link)) continue;
        // The file stays, and a disabled link to it (never fetched, never applied) stays too: a lazy chunk that
        // shares these styles names the file among its dependencies, and Vite's preload helper adds a stylesheet
        // only when no link[rel=stylesheet] with that href is in the document. Without the link every such chunk
        // would download the whole stylesheet again and restyle the page; without the file its import would fail.
        source = source.replace(link, () => `<style>${String(file.source)}</style><link rel="stylesheet" href="/${fileName}" disabled>`);
      }
      html.source = source;
    },
  };
}

/**
 * React, the router and TanStack Query change rarely: their own chunk stays cached across deploys. The icons
 * (a few hundred bytes each, shared by many screens) travel together rather than as a file each.
 */
function manualChunks(id: string): string | undefined {
  if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//.test(id)) return 'vendor';
  if (/node_modules\/lucide-react\//.test(id)) return 'icons';
  return undefined;
}

/**
 * React, the router and TanStack Query run almost whole at start-up: the vendor chunk asks V8 (Chrome 136+) to compile
 * all of it at once, off the main thread beside the download, instead of each function on the main thread when it is
 * first called. Added after minification, which would drop the comment.
 */
function eagerVendorCompile(): Plugin {
  return {
    name: 'curbside:eager-vendor-compile',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.name === 'vendor') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

/**
 * The files each screen needs beyond those index.html names, written to route-preloads.json ({ "/map": [...] }):
 * the gateway names them in the page it serves for that path, so they download beside the app's entry instead of
 * after it has run. Screens are src/app/routes/<name>.tsx, at /<name> ("home" at /), as in the router.
 */
/** Screens not at /<name>, as the router names them (the gateway matches /items/<id> to '/items/:id'). */
const SCREEN_PATHS: Record<string, string> = { home: '/', item: '/items/:id' };

function routePreloads(): Plugin {
  return {
    name: 'curbside:route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const page = html?.type === 'asset' ? String(html.source) : '';
      const preloads: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        // Small chunks are merged, so one chunk may hold more than one screen.
        for (const id of chunk.moduleIds) {
          const screen = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/.exec(id)?.[1];
          if (!screen || chunk.isEntry) continue;
          const files = new Set<string>();
          const add = (fileName: string) => {
            if (files.has(fileName) || page.includes(`/${fileName}"`)) return;
            files.add(fileName);
            const dependency = bundle[fileName];
            if (dependency?.type === 'chunk') dependency.imports.forEach(add);
          };
          add(chunk.fileName);
          preloads[SCREEN_PATHS[screen] ?? `/${screen}`] = [...files].map((file) => `/${file}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads, null, 2) });
    },
  };
}

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
// The zod-free entry (routes, constants, messages) that the first screen may import by value.
const contractsClient = fileURLToPath(new URL('../libs/contracts/src/client/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineEntryCss(), routePreloads(), eagerVendorCompile()],
  // The frontend may only use the contracts library, and uses it from source (no build step in between).
  resolve: {
    alias: [
      { find: /^@curbside\/contracts\/client$/, replacement: contractsClient },
      { find: /^@curbside\/contracts$/, replacement: contracts },
    ],
  },
  server: { host: '127.0.0.1', proxy: { '/api': 'http://127.0.0.1:3000' } },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      // zod ships comments Rollup cannot place; they change nothing in the output.
      onwarn(warning, warn) {
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
      },
      output: {
        manualChunks,
        // Without this a screen arrives in ~30 files of 1–2 KB (each shared component its own chunk): every file
        // costs a request, a <link rel="modulepreload"> and a module instantiation on a slow phone. Chunks smaller
        // than this are merged into a chunk that is loaded in the same places.
        experimentalMinChunkSize: 12_000,
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Each test file still runs in a fresh VM context (its own globals, window and module graph), but in a worker
    // that stays, with the packages Node loads itself (jsdom among them) loaded once: on this machine the 360 tests
    // take ~105 s of CPU instead of ~190 s with 'threads'. Contexts leak some memory; past the limit the worker is
    // replaced. Known wart: most runs pause ~60 s, idle, between two files (seen only when profile.test.tsx
    // ran earlier in the same worker; not found why); the suite is still faster than with 'threads'.
    pool: 'vmThreads',
    poolOptions: { vmThreads: { memoryLimit: '3GiB' } },
    testTimeout: 10_000,
  },
});
