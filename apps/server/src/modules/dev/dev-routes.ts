import { randomBytes } from 'node:crypto';
import { parseAuMobile } from '@quokka/contract/mobile';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RunningTestClock } from '../../clock.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import type { SandboxMessaging } from '../../providers/messaging/sandbox-messaging.ts';
import type { JobPasses } from '../../worker/job-passes.ts';

// Sandbox-only pages for people and tests: the messages the storefront would have sent. Registered only
// when messaging runs in sandbox mode, so they answer 404 otherwise (DECISIONS.md "Sandbox mode").
// The outbox shows every sign-in code, so whoever reads it can sign in as anyone: never in production
// (ALLOW_SANDBOX or not), and elsewhere only to a client on this machine unless DEV_ROUTES_REMOTE=1.

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The TCP peer, not `request.ip`: with TRUST_PROXY the latter comes from a header the client writes. A
 * proxy on this machine forwarding someone else's request adds a forwarding header: that is not local.
 */
function isLocalClient(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && forwarded === undefined;
}

/** Our own pictures are shown from this origin, whatever host the absolute MMS URL names. */
function displayUrl(mediaUrl: string): string {
  try {
    const url = new URL(mediaUrl);
    return url.pathname.startsWith('/media/') ? url.pathname : mediaUrl;
  } catch {
    return mediaUrl;
  }
}

/** A message of the sandbox outbox (not a storefront call: left out of the API reference). */
const outboxMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  kind: z.enum(['sms', 'mms']),
  body: z.string(),
  media_url: z.string().nullable(),
  created_at: z.string(),
  // [I15-messages] What the sandbox reported: delivered, or undelivered (error 30003) to 0491 570 110.
  status: z.enum(['delivered', 'undelivered']),
  error_code: z.string().nullable(),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** [I29] One reply box per number the sandbox texted: what a shopper would text back (STOP, YES, HELP…). */
function replyBoxes(numbers: readonly string[]): string {
  const distinct = [...new Set(numbers)];
  if (distinct.length === 0) return '';
  const forms = distinct
    .map(
      (to) => `<form class="reply" method="post" action="/dev/messages/reply">
  <input type="hidden" name="from" value="${escapeHtml(to)}"><label>${escapeHtml(to)} replies
  <input type="text" name="body" required maxlength="1600" placeholder="STOP, YES, HELP…"></label><button type="submit">Send</button>
</form>`,
    )
    .join('\n');
  return `<details><summary>Reply as a shopper</summary>${forms}</details>`;
}

export function registerDevRoutes(app: FastifyInstance, outbox: SandboxMessaging, jobPasses?: JobPasses) {
  const { config } = app.deps;
  if (config.NODE_ENV === 'production') return;
  // Answered as if the route did not exist: a stranger learns nothing from the reply.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!config.DEV_ROUTES_REMOTE && !isLocalClient(request)) return reply.callNotFound();
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/dev/messages.json',
    { onRequest, schema: { response: { 200: z.array(outboxMessageSchema) } } },
    async () => outbox.list(),
  );

  // [I26] How many passes each job of this process's worker has finished (job-passes.ts): a journey that
  // checks a text is not sent again waits for the outbox to pass again. Empty without a worker here.
  api.get(
    '/dev/jobs.json',
    {
      onRequest,
      schema: { response: { 200: z.object({ passes: z.record(z.string(), z.number().int()) }) } },
    },
    async () => ({ passes: jobPasses?.counts() ?? {} }),
  );

  // The page is HTML text: sent as is, the schema only says so.
  api.get(
    '/dev/messages',
    { onRequest, schema: { response: { 200: z.string() } } },
    async (_request, reply) => {
      const messages = await outbox.list();
      const rows = messages
        .map(
          (message) => `<li class="msg">
  <div class="meta"><strong>${escapeHtml(message.to)}</strong> · ${message.kind.toUpperCase()} · <time>${escapeHtml(message.created_at)}</time> · <span class="status-${message.status}">${message.status}${message.error_code ? ` (error ${escapeHtml(message.error_code)})` : ''}</span></div>
  ${message.media_url ? `<img src="${escapeHtml(displayUrl(message.media_url))}" alt="Picture message" width="240">` : ''}
  <p>${escapeHtml(message.body).replaceAll('\n', '<br>')}</p>
</li>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox messages</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;background:#faf7f2;color:#1f2937}
h1{font-size:1.4rem}ul{list-style:none;padding:0}.msg{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:.75rem 1rem;margin:.75rem 0}
.meta{color:#6b7280;font-size:.875rem}.reply{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}.reply input[type=text]{flex:1;font:inherit;padding:.3rem .5rem}.status-undelivered{color:#b91c1c;font-weight:600}img{display:block;margin:.5rem 0;border-radius:8px;max-width:100%;height:auto}</style></head>
<body><h1>Sandbox messages</h1><p>Texts and picture messages the storefront would have sent, newest first.</p>
${replyBoxes(messages.map((message) => message.to))}
${messages.length ? `<ul>${rows}</ul>` : '<p>No messages yet.</p>'}</body></html>`;
    },
  );

  // [I29] A shopper's reply, delivered exactly as POST /webhooks/twilio/inbound delivers one after its
  // signature check (modules/messages/inbound-texts.ts): JSON {from, body} answers what it was handled
  // as; the page's reply box (a form) comes back to the page.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
        ),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/dev/messages/reply',
      {
        onRequest,
        schema: {
          body: z.object({ from: z.string().max(40), body: z.string().max(1600) }),
          response: {
            200: z.object({
              handled_as: z.string(),
              replay: z.boolean(),
              reply_message_id: z.number().nullable(),
            }),
          },
        },
      },
      async (request, reply) => {
        const from = parseAuMobile(request.body.from);
        if (!from) throw new InvalidDataError('from: an Australian mobile number, like 0412 345 678.');
        const result = await app.services.inboundTexts.receive({
          sid: `SMsandbox${randomBytes(12).toString('hex')}`,
          from,
          to: 'sandbox',
          body: request.body.body,
        });
        if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          return reply.redirect('/dev/messages', 303);
        }
        return {
          handled_as: result.handledAs,
          replay: result.replay,
          reply_message_id: result.replyMessageId,
        };
      },
    );
  });

  // [I16] With TEST_CLOCK, a journey moves the server's clock forward (past a Monday statement cut-off,
  // say) instead of waiting for it. Only forward, at most 400 days at a time; 404 without TEST_CLOCK.
  const { clock } = app.deps;
  if (clock instanceof RunningTestClock) {
    api.post(
      '/dev/clock',
      {
        onRequest,
        schema: {
          body: z.object({
            advance_ms: z
              .number()
              .int()
              .positive()
              .max(400 * 24 * 60 * 60_000),
          }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => {
        clock.advance(request.body.advance_ms);
        return { now: clock.now().toISOString() };
      },
    );
  }
}
