import type { Server as HttpServer } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { buildApp } from './app.ts';
import { RunningTestClock } from './clock.ts';
import { type Config, ConfigError, clockFor, environmentWithDotenv, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoIfEmpty } from './demo/seed-demo.ts';
import { startDraining } from './draining.ts';
import { loggerOptions } from './logger.ts';
import { loadAuthSecret } from './modules/auth/auth-secret.ts';
import { listenForCatalogueChanges } from './modules/catalog/catalog-notifications.ts';
import { startPictureCollection } from './modules/media/media-library.ts';
import { passkeyAddressWarning } from './passkey-address.ts';
import { loadPlacesIfEmpty } from './providers/places/places-loader.ts';
import { describeProviders } from './providers/providers.ts';
import { createJobPasses } from './worker/job-passes.ts';
import type { PollLoop } from './worker/poll-loop.ts';
import { startWorker } from './worker/start-worker.ts';

// Starts the storefront: settings → database → migrations → listen. Ctrl-C (SIGINT) or SIGTERM stops
// accepting, lets requests in flight finish, then closes the database so PGlite's files are flushed.
// [I27-9] The order of a stop: stop accepting (new requests on open connections get 503 SHUTTING_DOWN,
// draining.ts) → idle connections, and ones never used, get IDLE_GRACE_MS to ask once more, then go →
// the server closes once the requests in flight are answered → the onClose hooks (catalogue documents,
// sellers' texts, the catalogue listener) → the worker → the database.

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(environmentWithDotenv());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  const clock = clockFor(config);
  // The signing secret of sign-in (AUTH_SECRET, or generated once into DATA_DIR/auth-secret): never logged.
  const authSecret = loadAuthSecret(config);
  // [I26] The worker's passes, counted for the sandbox's GET /dev/jobs.json.
  const jobPasses = createJobPasses();
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    authSecret,
    logger: loggerOptions(config),
    jobPasses,
  });
  const log = app.log;
  // Several processes may share the PostgreSQL server: each drops its cached catalogue replies when any
  // of them (or the CLI) changes stock or the catalogue (catalog-notifications.ts). PGlite is one process.
  // The listener closes with the app (app.close() in stop, before the database closes).
  if (database.kind === 'postgres' && config.DATABASE_URL) {
    const changes = listenForCatalogueChanges({ url: config.DATABASE_URL, log });
    app.addHook('onClose', () => changes.close());
  }
  log.info(
    database.kind === 'pglite'
      ? `database: embedded PostgreSQL (PGlite) in ${config.dataDir}`
      : 'database: PostgreSQL server (DATABASE_URL)',
  );
  if (database.permissionsFixed)
    log.warn(
      `DATA_DIR: removed other users' access from ${database.permissionsFixed} paths in ${config.dataDir} (now 0700 folders, 0600 files)`,
    );
  if (applied.length) log.info(`migrations applied: ${applied.join(', ')}`);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db, app.deps.media);
    if (seeded) log.info(`seeded the demo shop: ${seeded.products.created} products`);
  }
  // Pictures no catalogue row names any more leave the media store (docs/media.md "Collection").
  log.info(`media store: ${app.deps.media.store.description}`);
  const stopCollection = startPictureCollection(database.db, app.deps.media, log, () => clock.now());
  app.addHook('onClose', async () => stopCollection());
  if (config.providers.places === 'sandbox') {
    // The offline address search reads the Australian places list, loaded once into the database.
    const places = await loadPlacesIfEmpty(database.db);
    if (places.loaded)
      log.info(`address search: loaded ${places.loaded} Australian places (${places.source})`);
  }
  log.info(`providers: ${describeProviders(config)}`);
  // [I34] An address where the back office's passkeys cannot work, said at start (passkey-address.ts).
  const passkeyWarning = passkeyAddressWarning(config.PUBLIC_URL);
  if (passkeyWarning) log.warn(passkeyWarning);
  if (config.sandbox)
    log.warn(
      config.NODE_ENV === 'production'
        ? 'sandbox mode: no real messages, charges or checks (/dev/messages is off in production)'
        : 'sandbox mode: no real messages, charges or checks; sent messages at /dev/messages',
    );
  if (config.TEST_CLOCK) log.warn(`TEST_CLOCK: the clock started at ${clock.now().toISOString()}`);

  let worker: PollLoop | undefined;
  const connections = trackConnections(app.server);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: stopping (finishing requests in flight)`);
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      // New requests on open connections get 503 with Connection: close from here on.
      startDraining(app);
      await stopAccepting(app.server, connections);
      await app.close();
      // The worker finishes the send in hand before the database closes under it.
      await worker?.stop();
      await database.close();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  applyConnectionLimits(app.server, config);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(`${config.STORE_NAME} is up on http://localhost:${port}`);

  // Gift card deliveries (SPEC.md §7 Gift cards): in this process unless WORKER=0 (then `npm run worker` elsewhere).
  if (config.WORKER && !stopping) {
    worker = startWorker(
      {
        config,
        db: database.db,
        clock,
        providers: app.deps.providers,
        publicUrl: config.PUBLIC_URL ?? `http://localhost:${port}`,
        log,
        passes: jobPasses,
      },
      app.services,
    );
    // TEST_CLOCK: moved on through the sandbox's POST /dev/clock, the jobs run at once (a statement's
    // cut-off, a review deadline) instead of at their next turn, up to a minute later.
    if (clock instanceof RunningTestClock) clock.onAdvance(() => worker?.wake());
  }
}

/**
 * Timeouts and the connection cap (config.ts), on Node's server before it listens. Node checks the
 * request and header timeouts on a timer (30 s by default): every second keeps the cut-off close to the
 * setting.
 */
function applyConnectionLimits(server: HttpServer, config: Config) {
  server.requestTimeout = config.REQUEST_TIMEOUT_S * 1000;
  server.headersTimeout = config.HEADERS_TIMEOUT_S * 1000;
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_S * 1000;
  server.maxConnections = config.MAX_CONNECTIONS;
  (server as HttpServer & { connectionsCheckingInterval: number }).connectionsCheckingInterval = 1000;
}

/** How long idle keep-alive connections get to ask once more (and be answered 503) before they are closed. */
const IDLE_GRACE_MS = 2_000;

/**
 * The open connections, and which of them have a request being answered. Node's own
 * closeIdleConnections() leaves a connection that never sent a request (a browser opens spare ones
 * ahead of need) open, as if a request were arriving: the stop then waited for the client to give up
 * and ended on the 10 s limit, the database not closed.
 */
function trackConnections(server: HttpServer) {
  const open = new Set<Socket>();
  const answering = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (answering.get(socket) ?? 1) - 1;
      if (left > 0) answering.set(socket, left);
      else answering.delete(socket);
    });
  });
  return {
    /** Closes every connection with no request being answered (idle, or never used). */
    closeQuiet() {
      for (const socket of open) if (!answering.has(socket)) socket.destroy();
    },
  };
}

/**
 * Stops accepting connections but, unlike http.Server#close, does not destroy idle keep-alive ones at
 * once: a request already on its way over such a connection would meet a reset. They are answered 503
 * and closed, or left to go quiet for IDLE_GRACE_MS, then closed; connections with a request being
 * answered stay until its answer (which closes them). app.close() then waits for the requests in flight.
 */
async function stopAccepting(server: NetServer, connections: ReturnType<typeof trackConnections>) {
  NetServer.prototype.close.call(server);
  const deadline = Date.now() + IDLE_GRACE_MS;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((_e, count) => resolve(count)));
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  connections.closeQuiet();
}

main().catch((error: unknown) => {
  console.error('Quokka failed to start:', error);
  process.exit(1);
});
