/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The app's one stylesheet (about 9 KB gzipped) goes into index.html: the page then paints without waiting for
 * another request first. Lazy screens' own stylesheets (the map's) stay files.
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
        // The file stays: a lazy screen that shares these styles names it among what it preloads, and a missing
        // file would fail that screen's import.
        source = source.replace(link, () => `<style>${String(file.source)}</style>`);
      }
      html.source = source;
    },
  };
}

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
// The zod-free entry (routes, constants, messages) that the first screen may import by value.
const contractsClient = fileURLToPath(new URL('../libs/contracts/src/client/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineEntryCss()],
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
        // React and the router change rarely: their own chunk stays cached across deploys.
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'vendor' : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    pool: 'threads',
    testTimeout: 10_000,
  },
});
