import { randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@quokka/contract/api/campaigns';
import { CONSENT_CONFIRM_HOURS, type ConsentSource, textOffersWords } from '@quokka/contract/api/text-offers';
import type { Db } from '../../db/database.ts';
import { withdrawCampaignTexts } from './campaign-sends.ts';
import { turnOffReplyToBuyByStop } from './reply-to-buy-settings.ts';

// [I29] Consent to sellers' marketing texts (docs/campaigns.md "Consent and opt-out"; DECISIONS.md "Text
// campaigns and consent"). A seller may text a mobile only while its consent is 'subscribed' and no
// STOP (text_stops.stopped) holds every seller's marketing to that number.
// - Consent is per (mobile, seller) and keeps its evidence (source, words shown, client address, time).
//   Checkout and account consents are subscribed at once; keyword joins and imports are 'pending' until a
//   YES within CONSENT_CONFIRM_HOURS (double opt-in).
// - Every change appends a text_consent_events row (never updated or deleted): the evidence log.
// - A STOP holds every seller (text_stops) and leaves the consents as they were, so START restores exactly
//   what it held. Unsubscribing one seller changes that seller's consent only.
// - After any opt-out, campaign texts not yet handed to the provider are withdrawn in the same transaction
//   (campaign-sends.ts), so the opt-out is effective at once.
// Every writer here runs in the caller's transaction.

const CONFIRM_MS = CONSENT_CONFIRM_HOURS * 60 * 60_000;

/** An unguessable code for a consent's /u/<code> link (made once, with the consent). */
export function newOptOutCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++)
    code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

/** Whether a marketing text of this seller may go to this mobile now (checked when a send is claimed). */
export async function marketingAllowed(db: Db, mobile: string, sellerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('text_consents as c')
    .leftJoin('text_stops as s', (join) => join.onRef('s.mobile', '=', 'c.mobile').on('s.stopped', '=', true))
    .select(['c.state', 's.mobile as stopped_mobile'])
    .where('c.mobile', '=', mobile)
    .where('c.seller_id', '=', sellerId)
    .executeTakeFirst();
  return row !== undefined && row.state === 'subscribed' && row.stopped_mobile === null;
}

/** The code of the /u/<code> opt-out link of that (mobile, seller) consent; undefined without one. */
export async function optOutCodeFor(db: Db, mobile: string, sellerId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('text_consents')
    .select('optout_code')
    .where('mobile', '=', mobile)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  return row?.optout_code;
}

/** Whether a STOP (or "Stop all offers") holds every seller's marketing to this mobile. */
export async function isStoppedAll(db: Db, mobile: string): Promise<boolean> {
  const row = await db
    .selectFrom('text_stops')
    .select('stopped')
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return row?.stopped === true;
}

export interface ConsentEvidence {
  mobile: string;
  sellerId: number;
  customerId?: number | null;
  source: ConsentSource;
  /** The exact words shown (or the keyword text, or the import's words). */
  words: string;
  clientAddress?: string | null;
  /** Detail for the evidence log (the MessageSid of a keyword, an import's consented_at…). */
  detail?: string | null;
}

export type RecordOutcome =
  /** Subscribed now (checkout, account). */
  | { outcome: 'subscribed'; consentId: number }
  /** Asked: pending until YES; the caller sends the confirmation text. */
  | { outcome: 'asked'; consentId: number }
  /** Already subscribed: nothing changed. */
  | { outcome: 'already'; consentId: number };

async function appendEvent(
  trx: Db,
  event: {
    consentId: number | null;
    mobile: string;
    sellerId: number | null;
    event: string;
    source?: string | null;
    words?: string | null;
    clientAddress?: string | null;
    detail?: string | null;
  },
  at: Date,
): Promise<void> {
  await trx
    .insertInto('text_consent_events')
    .values({
      consent_id: event.consentId,
      mobile: event.mobile,
      seller_id: event.sellerId,
      event: event.event,
      source: event.source ?? null,
      words: event.words ?? null,
      client_address: event.clientAddress ?? null,
      detail: event.detail ?? null,
      at,
    })
    .execute();
}

/**
 * Records a consent with its evidence. Checkout and account: subscribed at once. Keyword and import:
 * pending until YES within 24 h (the caller sends TEXT_REPLIES.confirmAsk); an already subscribed
 * consent is left as it is.
 */
export async function recordConsent(trx: Db, evidence: ConsentEvidence, now: Date): Promise<RecordOutcome> {
  const immediate = evidence.source === 'checkout' || evidence.source === 'account';
  const existing = await trx
    .selectFrom('text_consents')
    .select(['id', 'state'])
    .where('mobile', '=', evidence.mobile)
    .where('seller_id', '=', evidence.sellerId)
    .forUpdate()
    .executeTakeFirst();
  if (existing?.state === 'subscribed') return { outcome: 'already', consentId: existing.id };
  const fields = {
    customer_id: evidence.customerId ?? null,
    state: immediate ? ('subscribed' as const) : ('pending' as const),
    source: evidence.source,
    words: evidence.words,
    client_address: evidence.clientAddress ?? null,
    requested_at: now,
    confirm_by: immediate ? null : new Date(now.getTime() + CONFIRM_MS),
    subscribed_at: immediate ? now : null,
    unsubscribed_at: null,
    unsubscribed_via: null,
    updated_at: now,
  };
  let consentId: number;
  if (existing) {
    await trx
      .updateTable('text_consents')
      .set({ ...fields, customer_id: evidence.customerId ?? undefined })
      .where('id', '=', existing.id)
      .execute();
    consentId = existing.id;
  } else {
    // A racing insert of the same (mobile, seller) makes nothing: its row stands, and this one reads it.
    const inserted = await trx
      .insertInto('text_consents')
      .values({
        ...fields,
        mobile: evidence.mobile,
        seller_id: evidence.sellerId,
        optout_code: newOptOutCode(),
      })
      .onConflict((oc) => oc.columns(['mobile', 'seller_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return recordConsent(trx, evidence, now);
    consentId = inserted.id;
  }
  await appendEvent(
    trx,
    {
      consentId,
      mobile: evidence.mobile,
      sellerId: evidence.sellerId,
      event: immediate ? 'subscribed' : 'asked',
      source: evidence.source,
      words: evidence.words,
      clientAddress: evidence.clientAddress ?? null,
      detail: evidence.detail ?? null,
    },
    now,
  );
  return { outcome: immediate ? 'subscribed' : 'asked', consentId };
}

/** YES: confirms every pending consent of the mobile still within its 24 h; answers the sellers' names. */
export async function confirmPending(
  trx: Db,
  mobile: string,
  now: Date,
  detail: string | null = null,
): Promise<{ sellerId: number; sellerName: string }[]> {
  const confirmed = await trx
    .updateTable('text_consents')
    .set({ state: 'subscribed', subscribed_at: now, confirm_by: null, updated_at: now })
    .where('mobile', '=', mobile)
    .where('state', '=', 'pending')
    .where('confirm_by', '>=', now)
    .returning(['id', 'seller_id'])
    .execute();
  if (confirmed.length === 0) return [];
  for (const row of confirmed) {
    await appendEvent(
      trx,
      { consentId: row.id, mobile, sellerId: row.seller_id, event: 'confirmed', words: 'YES', detail },
      now,
    );
  }
  const sellers = await trx
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      confirmed.map((row) => row.seller_id),
    )
    .orderBy('name')
    .execute();
  return sellers.map((seller) => ({ sellerId: seller.id, sellerName: seller.name }));
}

export type OptOutVia = 'account' | 'link' | 'keyword';

/** Unsubscribes one seller (the account switch, the /u page's "Stop texts from <seller>"). */
export async function unsubscribeSeller(
  trx: Db,
  of: { mobile: string; sellerId: number; via: OptOutVia; clientAddress?: string | null },
  now: Date,
): Promise<boolean> {
  const changed = await trx
    .updateTable('text_consents')
    .set({
      state: 'unsubscribed',
      unsubscribed_at: now,
      unsubscribed_via: of.via,
      confirm_by: null,
      updated_at: now,
    })
    .where('mobile', '=', of.mobile)
    .where('seller_id', '=', of.sellerId)
    .where('state', '!=', 'unsubscribed')
    .returning('id')
    .executeTakeFirst();
  if (changed) {
    await appendEvent(
      trx,
      {
        consentId: changed.id,
        mobile: of.mobile,
        sellerId: of.sellerId,
        event: 'unsubscribed',
        source: of.via,
        clientAddress: of.clientAddress ?? null,
      },
      now,
    );
  }
  await withdrawCampaignTexts(trx, { mobile: of.mobile, sellerId: of.sellerId }, now);
  return changed !== undefined;
}

/** What a STOP changed: a new hold (not one already there), and [I30] Buy by reply turned off with it. */
export interface StopOutcome {
  stopped: boolean;
  replyToBuyOff: boolean;
}

/** STOP (or "Stop all offers"): holds every seller's marketing to the mobile until START. */
export async function stopAll(
  trx: Db,
  of: { mobile: string; via: OptOutVia; clientAddress?: string | null; detail?: string | null },
  now: Date,
): Promise<StopOutcome> {
  const wasStopped = await isStoppedAll(trx, of.mobile);
  if (!wasStopped) {
    await trx
      .insertInto('text_stops')
      .values({ mobile: of.mobile, stopped: true, stopped_at: now, via: of.via, restored_at: null })
      .onConflict((oc) =>
        oc.column('mobile').doUpdateSet({ stopped: true, stopped_at: now, via: of.via, restored_at: null }),
      )
      .execute();
    await appendEvent(
      trx,
      {
        consentId: null,
        mobile: of.mobile,
        sellerId: null,
        event: 'stopped_all',
        source: of.via,
        clientAddress: of.clientAddress ?? null,
        detail: of.detail ?? null,
      },
      now,
    );
  }
  await withdrawCampaignTexts(trx, { mobile: of.mobile, sellerId: null }, now);
  // [I30] A STOP turns "Buy by reply" off too (START does not turn it back on).
  const turnedOff = await turnOffReplyToBuyByStop(
    trx,
    { mobile: of.mobile, via: of.via, detail: of.detail ?? null },
    now,
  );
  return { stopped: !wasStopped, replyToBuyOff: turnedOff > 0 };
}

/** START/UNSTOP: lifts the STOP; the consents it held are as they were. Answers whether one was lifted. */
export async function restoreAll(
  trx: Db,
  of: { mobile: string; detail?: string | null },
  now: Date,
): Promise<boolean> {
  const lifted = await trx
    .updateTable('text_stops')
    .set({ stopped: false, restored_at: now })
    .where('mobile', '=', of.mobile)
    .where('stopped', '=', true)
    .returning('mobile')
    .executeTakeFirst();
  if (lifted) {
    await appendEvent(
      trx,
      {
        consentId: null,
        mobile: of.mobile,
        sellerId: null,
        event: 'restored',
        source: 'keyword',
        detail: of.detail ?? null,
      },
      now,
    );
  }
  return lifted !== undefined;
}

/** A consent by its /u/<code> code, with its seller's name. */
export function consentByCode(db: Db, code: string) {
  return db
    .selectFrom('text_consents as c')
    .innerJoin('sellers as s', 's.id', 'c.seller_id')
    .select(['c.id', 'c.mobile', 'c.seller_id', 'c.state', 's.name as seller_name'])
    .where('c.optout_code', '=', code)
    .executeTakeFirst();
}

/**
 * The checkout's ticked "Text me offers from <seller>" boxes, in the order's transaction: a 'checkout'
 * consent with its evidence for each ticked seller that is among the order's sellers; any other id in the
 * list is ignored (never an error that would lose the order).
 */
export async function recordCheckoutConsents(
  trx: Db,
  of: {
    ticked: readonly number[] | undefined;
    orderSellerIds: readonly (number | null)[];
    mobile: string;
    customerId: number;
    clientAddress: string | null;
    orderId: number;
  },
  now: Date,
): Promise<number[]> {
  const inOrder = new Set(of.orderSellerIds.filter((id): id is number => id !== null));
  const sellerIds = [...new Set(of.ticked ?? [])].filter((id) => inOrder.has(id));
  if (sellerIds.length === 0) return [];
  const sellers = await trx
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where('id', 'in', sellerIds)
    .orderBy('id')
    .execute();
  for (const seller of sellers) {
    await recordConsent(
      trx,
      {
        mobile: of.mobile,
        sellerId: seller.id,
        customerId: of.customerId,
        source: 'checkout',
        words: textOffersWords(seller.name),
        clientAddress: of.clientAddress,
        detail: `order ${of.orderId}`,
      },
      now,
    );
  }
  return sellers.map((seller) => seller.id);
}

/** "JOIN bobs-boots", "JOIN https://shop/seller/bobs-boots/": the seller by its url key, any case. */
export async function sellerNamed(db: Db, asked: string): Promise<{ id: number; name: string } | undefined> {
  const key = asked.replace(/\/+$/, '').split('/').at(-1)?.toLowerCase() ?? '';
  if (!key) return undefined;
  return db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['seller_url']), '=', key))
    .orderBy('id')
    .executeTakeFirst();
}
