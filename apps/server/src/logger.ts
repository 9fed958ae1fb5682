import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
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

/** The catalogue's read calls (SPEC.md §7) under any store prefix: GET or HEAD, by the route's URL. */
const CATALOGUE_READ =
  /^\/rest\/(?:[^/]+\/)?V1\/(?:[^/]+\/)?(product|seller|sellerInformation|categories|browseProducts|categoryProducts|getgiftcardmmstemplates|products-render-info)$/;

/**
 * [I13-hotpath] Fastify's request log lines ("incoming request", "request completed"), except for
 * successful catalogue reads, which are most of the traffic and mostly answered from the reply cache:
 * writing two JSON lines cost a fifth of such a read. LOG_CATALOGUE_READS says what they get:
 * - `sample` (default): one line ("request completed", with the request) for LOG_CATALOGUE_SAMPLE_RATE
 *   of them (0.01: one in a hundred);
 * - `all`: both lines, like every other request;
 * - `off`: none.
 * A catalogue read that fails (4xx, 5xx, an error) is always logged, and so is every other request.
 * Redaction (LOG_REDACT, the request serializer) applies to every line, sampled or not.
 */
export class RequestLogController extends LogController {
  readonly #mode: Config['LOG_CATALOGUE_READS'];
  readonly #rate: number;
  readonly #catalogueRoutes = new Map<string, boolean>();

  constructor(config: Pick<Config, 'LOG_CATALOGUE_READS' | 'LOG_CATALOGUE_SAMPLE_RATE'>) {
    super();
    this.#mode = config.LOG_CATALOGUE_READS;
    this.#rate = config.LOG_CATALOGUE_SAMPLE_RATE;
  }

  /** Whether the request is a catalogue read whose lines LOG_CATALOGUE_READS decides. */
  #isCatalogueRead(request: FastifyRequest): boolean {
    if (this.#mode === 'all' || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const url = request.routeOptions.url;
    if (url === undefined) return false;
    let known = this.#catalogueRoutes.get(url);
    if (known === undefined) {
      known = CATALOGUE_READ.test(url);
      this.#catalogueRoutes.set(url, known);
    }
    return known;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.#isCatalogueRead(request)) return; // decided when it completes
    super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!this.#isCatalogueRead(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    // Its "incoming request" line was not written: this one carries the request.
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 400) reply.log.info(line, 'request completed');
    else if (this.#mode === 'sample' && Math.random() < this.#rate) reply.log.info(line, 'request completed');
  }
}
