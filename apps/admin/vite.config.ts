import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../scripts/precompress.mjs';

// The back office (docs/admin-app.md): its own bundle, served by the server under /admin. The dev server
// forwards /admin/api to a running server so the app runs same-origin (the staff cookie is Path=/admin).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

// React Router's package points bundlers at its development build; the production bundle takes its
// production build (the same code without dev warnings), as the shopper app's does.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode }) => ({
  base: '/admin/',
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // .br and .gz copies of the built files, served as they are by the server (as the shopper app's).
  plugins: [react(), precompress()],
  server: {
    port: 5174,
    proxy: { '/admin/api': { target: apiTarget, changeOrigin: false } },
  },
  // One bundle for the staff (React, the router, React Query, zod with the contract, libphonenumber):
  // ~170 KB gzip, loaded once and cached for a year; splitting it would save little, as every screen
  // shares those.
  build: { outDir: 'dist', chunkSizeWarningLimit: 800 },
  test: {
    name: 'admin',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // [I26] Files share their worker's loaded modules; setup.ts resets the DOM and state after every test.
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // A loaded two-core machine can need more than the default 5 s for a screen and its calls.
    testTimeout: 20_000,
  },
}));
