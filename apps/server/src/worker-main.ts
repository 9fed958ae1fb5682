import pino from 'pino';
import { ConfigError, clockFor, environmentWithDotenv, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { loggerOptions } from './logger.ts';
import { createProviders } from './providers/providers.ts';
import { createServices } from './services.ts';
import { startWorker } from './worker/start-worker.ts';

// `npm run worker`: the worker (the outbox's sender and the scheduled jobs, worker/start-worker.ts) as its own
// process, next to servers started with WORKER=0 (docs/gift-cards.md). It needs the PostgreSQL server the
// servers use (DATABASE_URL): the embedded database belongs to one process. Any number of these may run;
// each message is sent once.

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
  const options = loggerOptions(config);
  const log = pino(typeof options === 'object' ? options : {});
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const providers = createProviders(config, database.db, { warn: (message) => log.warn(message) });
  const clock = clockFor(config);
  // The same services as a server's (services.ts): the deadline job refuses through the server's review.
  const services = createServices({
    config,
    db: database.db,
    clock,
    providers,
    log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
  });
  const worker = startWorker(
    {
      config,
      db: database.db,
      clock,
      providers,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      log,
    },
    services,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info(`${signal}: stopping the worker (finishing the sends in hand)`);
    try {
      await worker.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The worker failed to start:', error);
  process.exit(1);
});
