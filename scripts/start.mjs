// `npm start`: build what is missing, then run the storefront (API, web app, back office, delivery worker) in this
// one process, so Ctrl-C reaches the server directly and it can stop cleanly.
import { register } from 'tsx/esm/api';
import { ensureAdminBuild } from './build-admin.mjs';
import { ensureWebBuild } from './build-web.mjs';

ensureWebBuild();
// [I15-admin] The back office at /admin, its own bundle.
ensureAdminBuild();
register();
await import('../apps/server/src/server.ts');
