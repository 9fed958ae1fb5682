import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

const require = createRequire(import.meta.url);

/** What the logs must never carry: bearer tokens, cookies, codes and sign-in tokens. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.code',
  '*.jwt',
  '*.token',
  '*.expired_jwt',
];

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
