import {
  type AdminCustomerReply,
  CUSTOMER_PAGE_LIMIT,
  type CustomerConsent,
  type CustomerGiftCard,
} from '@quokka/contract/api/customer-admin';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { MEMBER_NOT_FOUND } from './member-suspension.ts';

// [I34] The operators' customer page (docs/back-office.md "A customer's page"): one member with their
// orders, the gift cards they bought or hold, the texts sent to their mobile and their consent to sellers'
// marketing texts. A read-only page over other modules' tables, one set-based query each (reads listed in
// scripts/check-boundaries.mjs SHARED_READS): checkout's orders, giftcards' cards, the outbox's rows and
// campaigns' consents. Nothing here writes.
// - Texts never carry their body: the outbox keeps it whole, and sign-in codes, gift card numbers, signed-in
//   cart links and opt-out codes are in it (contract customer-admin.ts).
// - A gift card's number is masked as the gift card console masks it ([I27-mask]: its last 4 only); the
//   console (with a fresh passkey) is where the whole number is read.

const iso = (at: Date | string) => new Date(at).toISOString();
const isoOrNull = (at: Date | string | null) => (at === null ? null : iso(at));
const count = (row: { n: string | number } | undefined) => Number(row?.n ?? 0);

/** [I27-mask] As the gift card console shows a number (giftcards-console-cards.ts maskedCardNumber). */
const masked = (cardNo: string) => `•••• •••• •••• ${cardNo.slice(-4)}`;

async function ordersOf(db: Db, customerId: number): Promise<AdminCustomerReply['orders']> {
  const total = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'increment_id', 'created_at', 'grand_total_cents', 'status', 'payment_state'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CUSTOMER_PAGE_LIMIT)
    .execute();
  return { total: count(total), items: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })) };
}

async function giftCardsOf(
  db: Db,
  customer: { id: number; mobile: string },
): Promise<AdminCustomerReply['gift_cards']> {
  // Paid cards only (a card in a cart has no order yet): bought by the member, or sent to their mobile.
  const theirs = db
    .selectFrom('gift_card_details as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .where((eb) =>
      eb.or([eb('c.customer_id', '=', customer.id), eb('c.recipient_mobile', '=', customer.mobile)]),
    );
  const total = await theirs.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await theirs
    .select([
      'c.id',
      'c.gift_card_no',
      'c.customer_id',
      'c.recipient_mobile',
      'c.recipient_firstname',
      'c.recipient_lastname',
      'c.product_name',
      'c.amount_cents',
      'c.balance_cents',
      'c.voided_at',
      'c.valid_until',
      'c.created_at',
      'o.id as order_id',
      'o.increment_id',
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(CUSTOMER_PAGE_LIMIT)
    .execute();
  const items: CustomerGiftCard[] = rows.map((row) => {
    const bought = row.customer_id === customer.id;
    const holds = row.recipient_mobile === customer.mobile;
    return {
      id: row.id,
      gift_card_no: masked(row.gift_card_no),
      role: bought && holds ? 'both' : bought ? 'bought' : 'holds',
      product_name: row.product_name,
      amount_cents: row.amount_cents,
      balance_cents: row.voided_at ? 0 : row.balance_cents,
      voided_at: isoOrNull(row.voided_at),
      recipient_name: `${row.recipient_firstname} ${row.recipient_lastname}`.trim(),
      order_id: row.order_id,
      order_increment_id: row.increment_id,
      created_at: iso(row.created_at),
      valid_until: isoOrNull(row.valid_until),
    };
  });
  return { total: count(total), items };
}

async function textsTo(db: Db, mobile: string): Promise<AdminCustomerReply['texts']> {
  const total = await db
    .selectFrom('sent_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('to_number', '=', mobile)
    .executeTakeFirst();
  // Never the body (see above): what the text was, when, and how it went.
  const rows = await db
    .selectFrom('sent_messages')
    .select([
      'id',
      'created_at',
      'sent_at',
      'kind',
      'purpose',
      'status',
      'send_state',
      'error_code',
      'order_id',
    ])
    .where('to_number', '=', mobile)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CUSTOMER_PAGE_LIMIT)
    .execute();
  return {
    total: count(total),
    items: rows.map((row) => ({
      id: row.id,
      created_at: iso(row.created_at),
      sent_at: isoOrNull(row.sent_at),
      channel: row.kind,
      purpose: row.purpose,
      status: row.status,
      send_state: row.send_state,
      error_code: row.error_code,
      order_id: row.order_id,
    })),
  };
}

async function consentOf(db: Db, mobile: string): Promise<AdminCustomerReply['consent']> {
  // Consent is per (mobile, seller): a shopper may say yes by keyword before they are a member.
  const rows = await db
    .selectFrom('text_consents as t')
    .innerJoin('sellers as s', 's.id', 't.seller_id')
    .select([
      't.seller_id',
      's.name as seller_name',
      't.state',
      't.source',
      't.requested_at',
      't.subscribed_at',
      't.unsubscribed_at',
      't.unsubscribed_via',
    ])
    .where('t.mobile', '=', mobile)
    .orderBy('s.name')
    .execute();
  const stop = await db
    .selectFrom('text_stops')
    .select(['stopped_at', 'via'])
    .where('mobile', '=', mobile)
    .where('stopped', '=', true)
    .executeTakeFirst();
  const sellers: CustomerConsent[] = rows.map((row) => ({
    ...row,
    requested_at: iso(row.requested_at),
    subscribed_at: isoOrNull(row.subscribed_at),
    unsubscribed_at: isoOrNull(row.unsubscribed_at),
  }));
  return { sellers, stopped_all: stop ? { at: iso(stop.stopped_at), via: stop.via } : null };
}

/** The customer page of member `customerId` (NotFoundError for no such member). */
export async function loadCustomerRecord(db: Db, customerId: number): Promise<AdminCustomerReply> {
  const customer = await db
    .selectFrom('customers')
    .select([
      'id',
      'firstname',
      'lastname',
      'mobile',
      'email',
      'created_at',
      'suspended_at',
      'suspended_reason',
    ])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) throw new NotFoundError(MEMBER_NOT_FOUND);
  return {
    customer: {
      ...customer,
      created_at: iso(customer.created_at),
      suspended_at: isoOrNull(customer.suspended_at),
    },
    orders: await ordersOf(db, customer.id),
    gift_cards: await giftCardsOf(db, customer),
    texts: await textsTo(db, customer.mobile),
    consent: await consentOf(db, customer.mobile),
  };
}
