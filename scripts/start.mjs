// `npm start`: build what is missing, then run the storefront (API, web app, delivery worker) in this
// one process, so Ctrl-C reaches the server directly and it can stop cleanly.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './build-web.mjs';

ensureWebBuild();
register();
await import('../apps/server/src/server.ts');
