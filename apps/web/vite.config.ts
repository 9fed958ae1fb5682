import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from '../../scripts/precompress.mjs';

// The dev server forwards the server's paths so the app runs same-origin, as it does in production
// where the server serves `dist` itself.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxied = ['/rest', '/dev', '/media', '/healthz'];

/**
 * [I13-js] React Router's build creates its components and contexts with unannotated top-level calls
 * (`var Form = React10.forwardRef(…)`) and names them for the devtools (`Form.displayName = "Form"`),
 * which a bundler must keep as if they had side effects: every page would carry <Form>, useSubmit, the
 * framework's prefetch links and the rest whether used or not. These React calls have none (the package
 * says so too: `"sideEffects": false`), so they are marked pure and the names dropped, and what the app
 * does not use is tree-shaken. Only for the browser's production bundle.
 */
function pureReactRouterCalls(): Plugin {
  return {
    name: 'quokka:pure-react-router-calls',
    apply: (_config, { command, mode, isSsrBuild }) =>
      command === 'build' && mode === 'production' && !isSsrBuild,
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const pure = code
          .replace(
            /^((?:var|const|let) \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
        return pure === code ? null : { code: pure, map: null };
      },
    },
  };
}

// React Router's package points every bundler at its development build (dev warnings on); the browser's
// production bundle takes the production build, the same code with them off.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode, isSsrBuild }) => ({
  // [I13-compress] .br and .gz copies of the built files, served as they are by the server.
  plugins: [react(), pureReactRouterCalls(), precompress()],
  resolve: {
    alias:
      mode === 'production' && !isSsrBuild
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    // The server reads it to link a server-rendered screen's route scripts and CSS (render-page.ts).
    manifest: true,
    // [I13-js] In the browser's build, everything the entry imports statically (the shell: React, the
    // router, React Query, the app state) is one file beside the entry: one request, and gzip sees it
    // whole (as some 25 small shared chunks it was ~8 KB larger). The server's build is left as it is.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !/[\\/]src[\\/]main\.tsx$|index\.html$/.test(id),
                },
              ],
            },
          },
        },
  },
  // `vite build --ssr src/entry-server.tsx --outDir dist-ssr` (npm run build): the server-side
  // renderer. The contract is TypeScript source, so it is bundled in; React and the rest stay packages.
  ssr: {
    noExternal: ['@quokka/contract'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // preload-screens.ts: every screen's code loaded before a file's tests (see there).
    setupFiles: ['./src/test/setup.ts', './src/test/preload-screens.ts'],
    // [I26] Files share their worker's loaded modules; setup.ts resets the DOM, storage and app state
    // after every test. About four times faster than a fresh worker per file. A file that replaces a
    // module (vi.mock) loads what it tests afresh and takes the mock away after it
    // (features/legal/routes/legal-figures-source.test.tsx).
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // [I33] Server-rendering tests run in their own project, 'web-ssr' (vitest.config.ts).
    exclude: ['src/**/*-ssr.test.tsx'],
    // Screens render through lazy routes and several awaited calls; on a loaded two-core machine a
    // right test can need more than the default 5 s.
    testTimeout: 20_000,
  },
}));
