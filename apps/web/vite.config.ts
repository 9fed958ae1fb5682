import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../scripts/precompress.mjs';

// The dev server forwards the server's paths so the app runs same-origin, as it does in production
// where the server serves `dist` itself.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxied = ['/rest', '/dev', '/media', '/healthz'];

export default defineConfig({
  // [I13-compress] .br and .gz copies of the built files, served as they are by the server.
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // The server reads it to link a server-rendered screen's route scripts and CSS (render-page.ts).
    manifest: true,
  },
  // `vite build --ssr src/entry-server.tsx --outDir dist-ssr` (npm run build): the server-side
  // renderer. The contract is TypeScript source, so it is bundled in; React and the rest stay packages.
  ssr: {
    noExternal: ['@quokka/contract'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Screens render through lazy routes and several awaited calls; on a loaded two-core machine a
    // right test can need more than the default 5 s.
    testTimeout: 20_000,
  },
});
