import {
  cardLabel,
  REPLY_CONFIRM_MINUTES,
  REPLY_OFFER_HOURS,
  REPLY_OFFER_TEXTS,
  type ReplyTermsText,
  replyToBuyLine,
  shortProductName,
} from '@quokka/contract/api/reply-offers';
import { formatCents } from '@quokka/contract/money';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  type PaymentsProvider,
  SavedCardNotFoundError,
  UnknownPaymentMethodError,
} from '../../providers/payments/payments-provider.ts';
import { type CheckoutService, ReplyTermsChangedError } from '../checkout/checkout-service.ts';
import { defaultDelivery } from '../checkout/shipping-methods.ts';

// [I30] Reply to buy: the BUY / YES exchange (DECISIONS.md "Reply to buy"; docs/reply-to-buy.md). The inbound
// texts (modules/messages/inbound-texts.ts) hand BUY and YES here, inside the transaction that records the
// text (each MessageSid once), so the answer is queued with what it answers.
// - Who: the member whose mobile sent it, with Buy by reply on (reply_to_buy_settings: enabled, a saved
//   card) and a default shipping address, whose campaign text said "Reply BUY" (campaign_recipients.
//   reply_to_buy) at most 48 h ago. Anyone else, and any other text, gets NO answer and nothing happens:
//   a stranger learns nothing (an answer would tell them the number is a member's), and an answer to
//   every stray text costs a text and can loop with another number's auto-reply.
// - BUY: the exact terms from the LIVE price, the default delivery (checkout's, [SHIP-01]), the default
//   address and the chosen card, in a reply_offers row 'quoted' for 10 minutes. Nothing reserved, nothing
//   charged. A second BUY while quoted answers the same terms (same row).
// - YES: the offer row locked (FOR UPDATE) for the rest of the text's transaction, so two YES at once and a
//   retried MessageSid are one after the other; the live terms checked again (any change: new terms, a new
//   offer, never a charge at other figures; sold out; over REPLY_TO_BUY_MAX_CENTS); then checkout places
//   the order (placeReplyOrder: stock, off-session authorisation, review, receipt, attribution) under a
//   savepoint; the offer becomes 'ordered' with its order. A later YES is answered with the order number.
// - Refusals are answered with the recipient's own link (short-link-routes.ts): an expired offer with
//   /t/<code>, which signs in and opens the product; a declined card, one whose bank wants authentication
//   and an order over the limit with /t/<code>/checkout, which signs in and opens checkout with the item in
//   the cart.

const HOUR_MS = 3_600_000;
const OFFER_WINDOW_MS = REPLY_OFFER_HOURS * HOUR_MS;
const CONFIRM_MS = REPLY_CONFIRM_MINUTES * 60_000;

export interface ReplyOffersDeps {
  storeName: string;
  publicUrl: string;
  /** REPLY_TO_BUY_MAX_CENTS: the most one order bought by reply may cost, delivery included. */
  maxCents: number;
  payments: Pick<PaymentsProvider, 'savedCards'>;
  checkout: Pick<CheckoutService, 'placeReplyOrder'>;
}

/** What the exchange answers a text, and what to do once the text's transaction committed. */
export interface ReplyAnswer {
  reply: string | null;
  /** An outbox row already queued that answers it (the order's receipt), instead of `reply`. */
  messageId?: number;
  afterCommit?: () => Promise<void>;
}

/** The terms of an offer as stored (reply_offers.terms) and compared: every figure the text named. */
export interface OfferTerms {
  product: string;
  variant: string | null;
  price_cents: number;
  shipping_method_id: number;
  shipping_cents: number;
  total_cents: number;
  address_id: number;
  street: string;
  suburb: string;
  payment_method: string;
  card: string;
}

interface Member {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  mobile: string;
  default_shipping_id: number | null;
  enabled: boolean | null;
  payment_method: string | null;
}

/** The member of this mobile and their Buy by reply setting. */
function memberOf(db: Db, mobile: string): Promise<Member | undefined> {
  return db
    .selectFrom('customers as c')
    .leftJoin('reply_to_buy_settings as s', 's.customer_id', 'c.id')
    .select(['c.id', 'c.email', 'c.firstname', 'c.lastname', 'c.mobile', 'c.default_shipping_id'])
    .select(['s.enabled', 's.payment_method'])
    .where('c.mobile', '=', mobile)
    .executeTakeFirst();
}

const canBuyByReply = (member: Member | undefined): member is Member & { payment_method: string } =>
  !!member && member.enabled === true && !!member.payment_method && member.default_shipping_id !== null;

/** The product as the text names it: the product, and a variant's options ('Red / S'). */
function namesOf(product: { name: string; parent_name: string | null }) {
  if (!product.parent_name) return { product: shortProductName(product.name), variant: null };
  const prefix = `${product.parent_name} - `;
  const variant = product.name.startsWith(prefix) ? product.name.slice(prefix.length) : product.name;
  return { product: shortProductName(product.parent_name, 30), variant: shortProductName(variant, 20) };
}

type Live = { terms: OfferTerms } | { soldOut: string } | { noCard: true };

/**
 * The terms as they are now: the product's live price and stock, checkout's default delivery, the member's
 * default address and their chosen card (which must still be one of their saved cards).
 */
async function liveTerms(
  db: Db,
  member: Member & { payment_method: string },
  productId: number,
  /** The chosen card as the text names it, or null when it is no longer one of the member's saved cards. */
  cardOf: () => Promise<string | null>,
): Promise<Live> {
  const product = await db
    .selectFrom('products as p')
    .leftJoin('products as parent', 'parent.id', 'p.parent_id')
    // [I32] listed: enabled, approved and its seller not suspended.
    .select(['p.name', 'p.price_cents', 'p.qty', 'p.listed as enabled', 'p.is_giftcard', 'p.type_id'])
    .select(['parent.name as parent_name', 'parent.listed as parent_enabled'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) return { soldOut: 'this product' };
  const names = namesOf(product);
  const label = names.variant ? `${names.product} ${names.variant}` : names.product;
  if (
    !product.enabled ||
    product.parent_enabled === false ||
    product.qty < 1 ||
    product.type_id !== 'simple' ||
    product.is_giftcard
  )
    return { soldOut: label };
  const address = await db
    .selectFrom('customer_addresses')
    .select(['id', 'street', 'city'])
    .where('id', '=', member.default_shipping_id ?? 0)
    .where('customer_id', '=', member.id)
    .executeTakeFirst();
  if (!address) return { noCard: true };
  const card = await cardOf();
  if (card === null) return { noCard: true };
  const delivery = await defaultDelivery(db, false);
  return {
    terms: {
      ...names,
      price_cents: product.price_cents,
      shipping_method_id: delivery.id,
      shipping_cents: delivery.amount_cents,
      total_cents: product.price_cents + delivery.amount_cents,
      address_id: address.id,
      street: shortProductName(address.street[0] ?? '', 40),
      suburb: address.city,
      payment_method: member.payment_method,
      card,
    },
  };
}

const sameTerms = (a: OfferTerms, b: OfferTerms) =>
  a.price_cents === b.price_cents &&
  a.shipping_method_id === b.shipping_method_id &&
  a.shipping_cents === b.shipping_cents &&
  a.total_cents === b.total_cents &&
  a.address_id === b.address_id &&
  a.payment_method === b.payment_method;

function termsText(terms: OfferTerms): ReplyTermsText {
  return {
    product: terms.product,
    variant: terms.variant,
    price: formatCents(terms.price_cents),
    delivery: formatCents(terms.shipping_cents),
    total: formatCents(terms.total_cents),
    street: terms.street,
    suburb: terms.suburb,
    card: terms.card,
  };
}

/**
 * [I30] The campaign text's "Reply BUY" line for this recipient, or null for the normal text: the campaign
 * is reply-to-buy with its one item on sale, and the member of this mobile has Buy by reply on with a card
 * and a default address, and the total is within the limit (campaign-renderer.ts).
 */
export async function replyToBuyLineFor(
  db: Db,
  of: { mobile: string; productId: number | null },
  maxCents: number,
): Promise<string | null> {
  if (of.productId === null) return null;
  const member = await memberOf(db, of.mobile);
  if (!canBuyByReply(member)) return null;
  // The card is checked at BUY (a call to the card provider for every text would slow the sender).
  const live = await liveTerms(db, member, of.productId, async () => '');
  if (!('terms' in live) || live.terms.total_cents > maxCents) return null;
  return replyToBuyLine(formatCents(live.terms.total_cents), live.terms.suburb);
}

export function createReplyOffers(deps: ReplyOffersDeps) {
  const { storeName: store } = deps;

  /** The member's chosen card, if it is still one of their saved cards: 'Visa ending 4242'. */
  const chosenCard = (db: Db, member: Member & { payment_method: string }) => async () => {
    const cards = await deps.payments.savedCards(db, {
      customerId: member.id,
      email: member.email,
      name: `${member.firstname} ${member.lastname}`.trim(),
      mobile: member.mobile,
    });
    const card = cards.find((saved) => saved.id === member.payment_method);
    return card ? cardLabel(card.brand, card.last4) : null;
  };
  const base = deps.publicUrl.replace(/\/$/, '');
  const linkOf = (code: string) => `${base}/t/${code}`;
  // [I30] Opens checkout with the offer's item in the cart (short-link-routes.ts).
  const checkoutLinkOf = (code: string) => `${base}/t/${code}/checkout`;
  const limit = formatCents(deps.maxCents);

  async function setOffer(
    trx: Db,
    id: number,
    change: {
      state: 'ordered' | 'expired' | 'failed' | 'cancelled';
      failure?: string;
      orderId?: number;
      yesSid?: string;
    },
    now: Date,
  ) {
    await trx
      .updateTable('reply_offers')
      .set({
        state: change.state,
        updated_at: now,
        ...(change.failure ? { failure: change.failure } : {}),
        ...(change.orderId ? { order_id: change.orderId } : {}),
        ...(change.yesSid ? { yes_message_sid: change.yesSid } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async function newOffer(
    trx: Db,
    of: { recipientId: number; campaignId: number; member: Member; mobile: string; productId: number },
    terms: OfferTerms,
    buySid: string,
    now: Date,
  ) {
    await trx
      .insertInto('reply_offers')
      .values({
        recipient_id: of.recipientId,
        campaign_id: of.campaignId,
        customer_id: of.member.id,
        mobile: of.mobile,
        product_id: of.productId,
        state: 'quoted',
        terms: JSON.stringify(terms),
        quoted_at: now,
        confirm_by: new Date(now.getTime() + CONFIRM_MS),
        buy_message_sid: buySid,
        updated_at: now,
      })
      .execute();
  }

  async function orderNumber(trx: Db, orderId: number | null): Promise<string> {
    if (orderId === null) return '';
    const order = await trx
      .selectFrom('orders')
      .select('increment_id')
      .where('id', '=', orderId)
      .executeTakeFirst();
    return order?.increment_id ?? '';
  }

  /** New terms for a recipient, or the refusal that stops them (sold out, over the limit, card gone). */
  async function quote(
    trx: Db,
    of: { recipientId: number; campaignId: number; code: string; productId: number; mobile: string },
    member: Member & { payment_method: string },
    buySid: string,
    now: Date,
    text: (terms: ReplyTermsText) => string,
  ): Promise<ReplyAnswer> {
    const live = await liveTerms(trx, member, of.productId, chosenCard(trx, member));
    if ('noCard' in live) return { reply: REPLY_OFFER_TEXTS.turnedOff(store) };
    if ('soldOut' in live) return { reply: REPLY_OFFER_TEXTS.soldOut(store, live.soldOut) };
    if (live.terms.total_cents > deps.maxCents)
      return {
        reply: REPLY_OFFER_TEXTS.overLimit(
          store,
          formatCents(live.terms.total_cents),
          limit,
          checkoutLinkOf(of.code),
        ),
      };
    await newOffer(trx, { ...of, member }, live.terms, buySid, now);
    return { reply: text(termsText(live.terms)) };
  }

  return {
    /**
     * BUY from `mobile`: the exact terms, or why not; null when this number has nothing to buy by reply
     * (not a member, Buy by reply off, no "Reply BUY" text): then nothing is answered.
     */
    async buy(trx: Db, text: { mobile: string; sid: string; now: Date }): Promise<ReplyAnswer | null> {
      const { mobile, now } = text;
      const member = await memberOf(trx, mobile);
      if (!canBuyByReply(member)) return null;
      const recipient = await trx
        .selectFrom('campaign_recipients as r')
        .innerJoin('campaigns as c', 'c.id', 'r.campaign_id')
        .innerJoin('sent_messages as m', 'm.id', 'r.message_id')
        .select(['r.id', 'r.campaign_id', 'r.code', 'c.offer_product_id', 'm.sent_at'])
        .where('r.mobile', '=', mobile)
        .where('r.reply_to_buy', '=', true)
        .where('c.reply_to_buy', '=', true)
        .where('m.sent_at', 'is not', null)
        .where('m.sent_at', '<=', now)
        .orderBy('m.sent_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!recipient?.sent_at || recipient.offer_product_id === null) return null;
      // Two BUY at once wait for each other here: one offer per recipient at a time.
      await trx
        .selectFrom('campaign_recipients')
        .select('id')
        .where('id', '=', recipient.id)
        .forUpdate()
        .execute();
      if (now.getTime() - recipient.sent_at.getTime() > OFFER_WINDOW_MS)
        return { reply: REPLY_OFFER_TEXTS.offerExpired(store, linkOf(recipient.code)) };
      const last = await trx
        .selectFrom('reply_offers')
        .select(['id', 'state', 'terms', 'confirm_by', 'order_id'])
        .where('recipient_id', '=', recipient.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last?.state === 'ordered')
        return { reply: REPLY_OFFER_TEXTS.alreadyOrdered(store, await orderNumber(trx, last.order_id)) };
      if (last?.state === 'quoted' && now <= last.confirm_by)
        return { reply: REPLY_OFFER_TEXTS.terms(store, termsText(last.terms as unknown as OfferTerms)) };
      if (last?.state === 'quoted') await setOffer(trx, last.id, { state: 'expired' }, now);
      return quote(
        trx,
        {
          recipientId: recipient.id,
          campaignId: recipient.campaign_id,
          code: recipient.code,
          productId: recipient.offer_product_id,
          mobile,
        },
        member,
        text.sid,
        now,
        (terms) => REPLY_OFFER_TEXTS.terms(store, terms),
      );
    },

    /**
     * YES from `mobile`. `live`: it confirmed an offer still within its 10 minutes (it wins over a pending
     * consent's YES). Otherwise the answer (the order number, the 10 minutes over) is used only when no
     * consent was waiting for this YES. Null: this number has no offer to answer.
     */
    async yes(
      trx: Db,
      text: { mobile: string; sid: string; now: Date },
    ): Promise<(ReplyAnswer & { live: boolean }) | null> {
      const { mobile, now } = text;
      const offer = await trx
        .selectFrom('reply_offers as o')
        .innerJoin('campaign_recipients as r', 'r.id', 'o.recipient_id')
        .select(['o.id', 'o.state', 'o.terms', 'o.confirm_by', 'o.quoted_at', 'o.order_id', 'o.product_id'])
        .select(['o.recipient_id', 'o.campaign_id', 'o.buy_message_sid', 'r.code'])
        .where('o.mobile', '=', mobile)
        .orderBy('o.id', 'desc')
        .limit(1)
        // The offer row only: a BUY locks the recipient row first and may then end this offer, so locking
        // both here could wait in a circle.
        .forUpdate('o')
        .executeTakeFirst();
      if (!offer || now.getTime() - offer.quoted_at.getTime() > OFFER_WINDOW_MS) return null;
      if (offer.state === 'ordered')
        return {
          live: false,
          reply: REPLY_OFFER_TEXTS.alreadyOrdered(store, await orderNumber(trx, offer.order_id)),
        };
      if (offer.state === 'expired') return { live: false, reply: REPLY_OFFER_TEXTS.confirmExpired(store) };
      if (offer.state !== 'quoted') return null;
      if (now > offer.confirm_by) {
        await setOffer(trx, offer.id, { state: 'expired' }, now);
        return { live: false, reply: REPLY_OFFER_TEXTS.confirmExpired(store) };
      }
      const done = (answer: ReplyAnswer) => ({ live: true, ...answer });
      const member = await memberOf(trx, mobile);
      if (!canBuyByReply(member)) {
        await setOffer(trx, offer.id, { state: 'cancelled', failure: 'turned_off', yesSid: text.sid }, now);
        return done({ reply: REPLY_OFFER_TEXTS.turnedOff(store) });
      }
      const quoted = offer.terms as unknown as OfferTerms;
      const of = {
        recipientId: offer.recipient_id,
        campaignId: offer.campaign_id,
        code: offer.code,
        productId: offer.product_id,
        mobile,
      };
      /** The terms moved: this offer ends, and new terms (a new offer, new 10 minutes) or a refusal go. */
      const requote = async (failure: string) => {
        await setOffer(trx, offer.id, { state: 'cancelled', failure, yesSid: text.sid }, now);
        return done(
          await quote(trx, of, member, offer.buy_message_sid, now, (terms) =>
            REPLY_OFFER_TEXTS.newTerms(store, terms),
          ),
        );
      };
      const live = await liveTerms(trx, member, offer.product_id, chosenCard(trx, member));
      if ('noCard' in live) {
        await setOffer(trx, offer.id, { state: 'cancelled', failure: 'no_card', yesSid: text.sid }, now);
        return done({ reply: REPLY_OFFER_TEXTS.turnedOff(store) });
      }
      if ('soldOut' in live) {
        await setOffer(trx, offer.id, { state: 'failed', failure: 'sold_out', yesSid: text.sid }, now);
        return done({ reply: REPLY_OFFER_TEXTS.soldOut(store, live.soldOut) });
      }
      if (!sameTerms(quoted, live.terms)) return requote('terms_changed');
      if (quoted.total_cents > deps.maxCents) {
        await setOffer(trx, offer.id, { state: 'failed', failure: 'over_limit', yesSid: text.sid }, now);
        return done({
          reply: REPLY_OFFER_TEXTS.overLimit(
            store,
            formatCents(quoted.total_cents),
            limit,
            checkoutLinkOf(offer.code),
          ),
        });
      }
      try {
        const placed = await deps.checkout.placeReplyOrder(trx, {
          customerId: member.id,
          productId: offer.product_id,
          addressId: quoted.address_id,
          paymentMethod: quoted.payment_method,
          terms: {
            priceCents: quoted.price_cents,
            shippingMethodId: quoted.shipping_method_id,
            shippingCents: quoted.shipping_cents,
            totalCents: quoted.total_cents,
          },
          offer: { id: offer.id, campaignId: offer.campaign_id, recipientId: offer.recipient_id },
        });
        await setOffer(trx, offer.id, { state: 'ordered', orderId: placed.orderId, yesSid: text.sid }, now);
        // The order's receipt text (queued by checkout in this transaction) is the answer to YES.
        const receipt = await trx
          .selectFrom('sent_messages')
          .select('id')
          .where('order_id', '=', placed.orderId)
          .where('purpose', '=', 'order_receipt')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        return done({
          reply: null,
          ...(receipt ? { messageId: receipt.id } : {}),
          afterCommit: placed.afterCommit,
        });
      } catch (error) {
        const failed = (failure: string, reply: string) =>
          setOffer(trx, offer.id, { state: 'failed', failure, yesSid: text.sid }, now).then(() =>
            done({ reply }),
          );
        if (error instanceof ReplyTermsChangedError) return requote('terms_changed');
        if (error instanceof AuthenticationRequiredError)
          return failed(
            'authentication_required',
            REPLY_OFFER_TEXTS.authenticationRequired(store, checkoutLinkOf(offer.code)),
          );
        if (
          error instanceof CardDeclinedError ||
          error instanceof SavedCardNotFoundError ||
          error instanceof UnknownPaymentMethodError
        )
          return failed('declined', REPLY_OFFER_TEXTS.declined(store, checkoutLinkOf(offer.code)));
        if (
          error instanceof InvalidDataError &&
          (error.code === 'PRODUCT_NOT_AVAILABLE' || error.code === 'QTY_NOT_AVAILABLE')
        )
          return failed(
            'sold_out',
            REPLY_OFFER_TEXTS.soldOut(
              store,
              quoted.variant ? `${quoted.product} ${quoted.variant}` : quoted.product,
            ),
          );
        throw error;
      }
    },
  };
}
export type ReplyOffers = ReturnType<typeof createReplyOffers>;
