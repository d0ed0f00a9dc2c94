/**
 * The dashboard's build: a single-page app served by the worker at /admin. `vite build` writes
 * into the worker's static assets directory (`./public/admin`, see scripts/build/assets.ts);
 * hashed files land in /admin/assets/, which the worker forwards to the assets Worker
 * (wrangler.assets.toml) as they came.
 *
 * `npm run dev -w @storefront-api/dashboard` serves it with hot reload, its API calls proxied to
 * the worker `npm run dev` runs (DASHBOARD_API, default http://127.0.0.1:8787).
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const api = process.env.DASHBOARD_API ?? 'http://127.0.0.1:8787';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: path.join(ROOT, 'public', 'admin'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline script or style anywhere: the page is served with a strict CSP.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/admin/api': { target: api, changeOrigin: false },
      '/storage': { target: api },
    },
  },
});
