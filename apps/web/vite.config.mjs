// The settings single-page app (docs/settings.md): React, built into dist/apps/web, where the
// `auth` service (and the all-in-one) serve it. Hashed asset names are cached for a year; no
// inline script or style is emitted, so the strict Content-Security-Policy holds.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileURLToPath, URL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Vite's preload helper would otherwise be inlined as a data: module; a plain chunk keeps `script-src 'self'`.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
});
