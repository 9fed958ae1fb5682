import { LINK_TOKEN_TTL_S } from '@quokka/contract/constants';
import { parseAuMobile } from '@quokka/contract/mobile';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { signLinkToken } from '../auth/link-tokens.ts';

// [I29] GET /t/<code>: a campaign text's personal short link (docs/campaigns.md "Links and attribution").
// It records the click (first, last, how many) and redirects into the existing link flow,
// /autologin/<jwt> naming the recipient's mobile, the featured product, the campaign and the seller, with
// the lifetime of the CLI's links. A code older than SHORT_LINK_DAYS leads to the same flow with a link
// that has expired, which shows the web app's expired-link page (it offers a fresh one by text). A wrong
// code is a bare 404 that says nothing more, and guessing is rate-limited per address. No token ever
// travels in the text itself.
//
// [I30] GET /t/<code>/checkout: the same link for a reply-to-buy text that could not finish (a declined card,
// a bank asking to confirm, over the limit). Its token also names the campaign's sellable item; the auth
// reply hands it to the web app (checkout_product_id), which puts one in the cart, as the product page's
// Add to Cart does, and opens checkout. Nothing happens to a cart on the redirect itself, so a link preview
// fetching it changes nothing. A campaign without such an item leads where /t/<code> does.
//
// [I31] An automated text's code (automation_sends) is followed the same way: the click recorded, the token
// naming the mobile, the send's product (a child's parent: its page opens) and the seller; a cart
// reminder's token also carries openCart (the auth reply's open_cart: the web app opens the cart).

export const SHORT_LINK_DAYS = 30;
export const SHORT_LINK_GUESSES_PER_MINUTE = 30;
const SHORT_CODE = /^[A-Za-z0-9]{1,20}$/;

interface FoundLink {
  kind: 'campaign' | 'automation';
  id: number;
  mobile: string;
  queued_at: Date;
  campaign_id: number | null;
  product_id: number | null;
  offer_product_id: number | null;
  seller_url: string;
  open_cart: boolean;
}

/**
 * A campaign recipient's code, or [I31] an automated text's: its product (a child names its parent, so the
 * product page opens), its seller, and for a cart reminder the cart opened signed in (no campaign).
 */
async function findLink(db: Db, code: string): Promise<FoundLink | undefined> {
  const campaign = await db
    .selectFrom('campaign_recipients as r')
    .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('sellers as s', 's.id', 'c.seller_id')
    .select([
      'r.id',
      'r.mobile',
      'r.queued_at',
      'c.id as campaign_id',
      'c.product_id',
      'c.offer_product_id',
      's.seller_url',
    ])
    .where('r.code', '=', code)
    .executeTakeFirst();
  if (campaign) return { kind: 'campaign', ...campaign, open_cart: false };
  const automated = await db
    .selectFrom('automation_sends as a')
    .innerJoin('sellers as s', 's.id', 'a.seller_id')
    .leftJoin('products as p', 'p.id', 'a.product_id')
    .select(['a.id', 'a.mobile', 'a.queued_at', 'a.flow', 'a.product_id', 'p.parent_id', 's.seller_url'])
    .where('a.code', '=', code)
    .executeTakeFirst();
  if (!automated) return undefined;
  return {
    kind: 'automation',
    id: automated.id,
    mobile: automated.mobile,
    queued_at: automated.queued_at,
    campaign_id: null,
    product_id: automated.parent_id ?? automated.product_id,
    offer_product_id: null,
    seller_url: automated.seller_url,
    open_cart: automated.flow === 'cart_reminder',
  };
}

export interface ShortLinkDeps {
  db: Db;
  clock: Clock;
  tokenKey: Uint8Array;
}

export function shortLinkRoutes({ db, clock, tokenKey }: ShortLinkDeps) {
  return async (app: FastifyInstance) => {
    const config = {
      rateLimit: {
        max: SHORT_LINK_GUESSES_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `t:${clientAddressKey(request.ip)}`,
      },
    };
    const follow =
      (checkout: boolean) =>
      async (request: FastifyRequest<{ Params: { code: string } }>, reply: FastifyReply) => {
        const notFound = () =>
          reply
            .code(404)
            .header('cache-control', 'no-store')
            .type('text/plain; charset=utf-8')
            .send('Not found');
        const code = request.params.code;
        if (!SHORT_CODE.test(code)) return notFound();
        const now = clock.now();
        const found = await findLink(db, code);
        const mobile = found ? parseAuMobile(found.mobile) : undefined;
        if (!found || !mobile) return notFound();
        const expired = now.getTime() - found.queued_at.getTime() > SHORT_LINK_DAYS * 86_400_000;
        if (!expired) {
          const table = found.kind === 'campaign' ? sql`campaign_recipients` : sql`automation_sends`;
          await sql`update ${table} set clicks = clicks + 1, last_clicked_at = ${now},
            first_clicked_at = coalesce(first_clicked_at, ${now})
          where id = ${found.id}`.execute(db);
        }
        // An expired code gets a link already past its expiry: the link flow shows its expired page.
        const signedAt = expired ? new Date(now.getTime() - (LINK_TOKEN_TTL_S + 60) * 1000) : now;
        const jwt = await signLinkToken(
          tokenKey,
          {
            mobile,
            productId: found.product_id,
            campaignId: found.campaign_id === null ? null : String(found.campaign_id),
            sellerUrl: found.seller_url,
            ...(found.open_cart ? { openCart: true } : {}),
            ...(checkout && found.offer_product_id !== null
              ? { checkoutProductId: found.offer_product_id }
              : {}),
          },
          { now: signedAt, ttlSeconds: LINK_TOKEN_TTL_S },
        );
        return reply.header('cache-control', 'no-store').redirect(`/autologin/${jwt}`, 302);
      };
    app.get<{ Params: { code: string } }>('/t/:code', { config }, follow(false));
    app.get<{ Params: { code: string } }>('/t/:code/checkout', { config }, follow(true));
  };
}
