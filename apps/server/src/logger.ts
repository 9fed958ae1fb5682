import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { LOG_REDACT } from './app.ts';
import type { Config } from './config.ts';

const require = createRequire(import.meta.url);

function prettyAvailable(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON logs in production and when piped; readable ones on a developer's terminal. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const pretty = config.NODE_ENV !== 'production' && process.stdout.isTTY && prettyAvailable();
  return {
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
