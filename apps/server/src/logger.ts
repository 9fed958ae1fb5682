import { createRequire } from 'node:module';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { redactSecretsInText } from './log-redaction.ts';

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

/** Fastify's request serializer, with the URL's tokens redacted (a sign-in link is a session). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecretsInText(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** JSON logs in production and when piped; readable ones on a developer's terminal. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const pretty = config.NODE_ENV !== 'production' && process.stdout.isTTY && prettyAvailable();
  return {
    level: config.LOG_LEVEL,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    // Messages can hold a URL too (Fastify's "Route GET:/… not found"): their text is redacted as well.
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecretsInText(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
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
