import { OPT_OUT_PAGE, optOutScopeSchema } from '@quokka/contract/api/text-offers';
import { formatMobileNational } from '@quokka/contract/mobile';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { consentByCode, stopAll, unsubscribeSeller } from './consent.ts';

// [I29] The opt-out page every marketing text ends with, PUBLIC_URL/u/<code> (docs/campaigns.md "Consent
// and opt-out"). The Spam Act wants a working unsubscribe with no login in the way: GET answers a small
// HTML page (no script, no storefront bundle, one form with two buttons) naming the seller; POST (form
// field scope=seller|all) stops that seller's texts or every seller's (as a STOP reply does), effective at
// once for every campaign text not yet handed to the provider. An unknown code is a 404 page that says
// nothing about why; guessing is rate-limited per address.

// [I31] A back-in-stock text to a shopper without the seller's consent ends with its own send's code
// (automation_sends.code): the same page, naming the seller; "Stop texts from <seller>" cancels that
// mobile's waiting asks of the seller (and unsubscribes a consent, if one was given since); "Stop all
// offers" is the STOP.

export const OPT_OUT_REQUESTS_PER_MINUTE = 30;
const CODE = /^[A-Za-z0-9]{1,20}$/;

export interface OptOutDeps {
  db: Db;
  clock: Clock;
  storeName: string;
}

/** Whose texts a /u/<code> stops: a consent's code, or [I31] a back-in-stock text's own code. */
async function optOutByCode(
  db: Db,
  code: string,
): Promise<{ mobile: string; seller_id: number; seller_name: string } | undefined> {
  if (!CODE.test(code)) return undefined;
  const consent = await consentByCode(db, code);
  if (consent) return consent;
  return db
    .selectFrom('automation_sends as a')
    .innerJoin('sellers as s', 's.id', 'a.seller_id')
    .select(['a.mobile', 'a.seller_id', 's.name as seller_name'])
    .where('a.code', '=', code)
    .where('a.flow', '=', 'back_in_stock')
    .executeTakeFirst();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** '0412 ••• 678': enough for the owner to know it, not the whole number for whoever holds the link. */
function maskedMobile(mobile: string): string {
  const national = formatMobileNational(mobile);
  const parts = national.split(' ');
  return parts.length === 3 ? `${parts[0]} ••• ${parts[2]}` : national;
}

function page(storeName: string, main: string): string {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(OPT_OUT_PAGE.title(storeName))}</title>
<style>body{font:17px/1.5 system-ui,sans-serif;margin:0 auto;max-width:30rem;padding:1rem;background:#faf7f2;color:#1f2937}
header{font-weight:700;font-size:1.1rem;color:#92400e;margin-bottom:1rem}h1{font-size:1.4rem;margin:.25rem 0 .75rem}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:1rem}
button{display:block;width:100%;font:inherit;font-weight:600;padding:.8rem 1rem;margin:.75rem 0 0;border-radius:10px;border:1px solid #92400e;background:#92400e;color:#fff}
button.secondary{background:#fff;color:#92400e}.note{color:#6b7280;font-size:.9rem;margin-top:1rem}</style></head>
<body><header>${escapeHtml(storeName)}</header><main class="card">${main}</main></body></html>`;
}

function notFound(reply: FastifyReply, storeName: string) {
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .send(page(storeName, `<h1>${escapeHtml(OPT_OUT_PAGE.notFound)}</h1>`));
}

export function optOutRoutes({ db, clock, storeName }: OptOutDeps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
        ),
    );
    const rateLimit = {
      max: OPT_OUT_REQUESTS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: { ip: string }) => `u:${clientAddressKey(request.ip)}`,
    };
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get<{ Params: { code: string } }>('/u/:code', { config: { rateLimit } }, async (request, reply) => {
      const code = request.params.code;
      const consent = await optOutByCode(db, code);
      if (!consent) return notFound(reply, storeName);
      return reply.type('text/html; charset=utf-8').send(
        page(
          storeName,
          `<h1>${escapeHtml(OPT_OUT_PAGE.heading)}</h1>
<p>${escapeHtml(OPT_OUT_PAGE.intro(consent.seller_name, maskedMobile(consent.mobile)))}</p>
<form method="post" action="/u/${escapeHtml(code)}">
<button type="submit" name="scope" value="seller">${escapeHtml(OPT_OUT_PAGE.stopSeller(consent.seller_name))}</button>
<button type="submit" name="scope" value="all" class="secondary">${escapeHtml(OPT_OUT_PAGE.stopAll)}</button>
</form>
<p class="note">${escapeHtml(OPT_OUT_PAGE.note)}</p>`,
        ),
      );
    });

    app.post<{ Params: { code: string }; Body: unknown }>(
      '/u/:code',
      { config: { rateLimit } },
      async (request, reply) => {
        const code = request.params.code;
        const consent = await optOutByCode(db, code);
        if (!consent) return notFound(reply, storeName);
        const body = request.body;
        const scopeField =
          typeof body === 'object' && body !== null ? (body as Record<string, unknown>).scope : undefined;
        const scope = optOutScopeSchema.safeParse(scopeField ?? 'seller');
        if (!scope.success) {
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(
              page(storeName, `<h1>${escapeHtml(OPT_OUT_PAGE.heading)}</h1><p>scope: seller or all.</p>`),
            );
        }
        const now = clock.now();
        await db.transaction().execute(async (trx) => {
          if (scope.data === 'all') {
            await stopAll(trx, { mobile: consent.mobile, via: 'link', clientAddress: request.ip }, now);
          } else {
            await unsubscribeSeller(
              trx,
              { mobile: consent.mobile, sellerId: consent.seller_id, via: 'link', clientAddress: request.ip },
              now,
            );
          }
        });
        const done =
          scope.data === 'all' ? OPT_OUT_PAGE.doneAll : OPT_OUT_PAGE.doneSeller(consent.seller_name);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              storeName,
              `<h1>${escapeHtml(done)}</h1><p class="note">${escapeHtml(OPT_OUT_PAGE.note)}</p>`,
            ),
          );
      },
    );
  };
}
