import {
  REPLY_TO_BUY_MSG,
  type ReplyToBuyCard,
  type ReplyToBuyReply,
  replyToBuyCardLabel,
  replyToBuyWords,
} from '@quokka/contract/api/reply-to-buy';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import type { SavedCard } from '../../providers/payments/payments-provider.ts';

// [I30] The member's "Buy by reply" setting (DECISIONS.md "Reply to buy"; docs/reply-to-buy.md), one
// reply_to_buy_settings row per member (migration 0027):
// - On needs one of the member's own saved cards (as {ns}/savedcards lists them: a card id that is not
//   theirs is refused like one that does not exist) and a default shipping address; else a clear 400 that
//   says which is missing. The row keeps the words the member read (replyToBuyWords with the cap), the
//   time and the client address; each change is also appended to text_consent_events (event
//   'reply_to_buy_on' / 'reply_to_buy_off'), the append-only evidence log consent already keeps.
// - Off at any time (via 'member'); a STOP (or "Stop all offers") turns it off in the STOP's own
//   transaction (via 'stop', consent.ts stopAll); START does not turn it back on.
// The exchange that uses it (BUY, the terms, YES, the order) is reply-offers' (docs/reply-to-buy.md).

export interface ReplyToBuySettingsDeps {
  db: Db;
  clock: Clock;
  /** REPLY_TO_BUY_MAX_CENTS */
  maxCents: number;
  /** The member's saved cards, newest first (the checkout service's, i.e. the payments provider's). */
  savedCards: (customerId: number) => Promise<SavedCard[]>;
}

const cardOf = (card: SavedCard): ReplyToBuyCard => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  label: replyToBuyCardLabel(card.brand, card.last4),
});

/** The member's default shipping address as the setting shows it (street, suburb), or null. */
export async function defaultShippingOf(
  db: Db,
  customerId: number,
): Promise<{ street: string; suburb: string } | null> {
  const row = await db
    .selectFrom('customers as c')
    .innerJoin('customer_addresses as a', (join) =>
      join.onRef('a.id', '=', 'c.default_shipping_id').onRef('a.customer_id', '=', 'c.id'),
    )
    .select(['a.street', 'a.city'])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  const street = (Array.isArray(row.street) ? row.street : [String(row.street)])
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');
  return { street, suburb: row.city };
}

/** The setting's row while it is on (the card to charge and its label), else undefined. */
export async function replyToBuyOn(db: Db, customerId: number) {
  return db
    .selectFrom('reply_to_buy_settings')
    .select(['customer_id', 'payment_method', 'card_label', 'turned_on_at'])
    .where('customer_id', '=', customerId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

async function appendEvidence(
  trx: Db,
  event: {
    customerId: number;
    event: 'reply_to_buy_on' | 'reply_to_buy_off';
    source: 'account' | 'keyword' | 'link';
    words?: string | null;
    clientAddress?: string | null;
    detail?: string | null;
  },
  at: Date,
): Promise<void> {
  const customer = await trx
    .selectFrom('customers')
    .select('mobile')
    .where('id', '=', event.customerId)
    .executeTakeFirst();
  if (!customer) return;
  await trx
    .insertInto('text_consent_events')
    .values({
      consent_id: null,
      mobile: customer.mobile,
      seller_id: null,
      event: event.event,
      source: event.source,
      words: event.words ?? null,
      client_address: event.clientAddress ?? null,
      detail: event.detail ?? null,
      at,
    })
    .execute();
}

/**
 * A STOP (or "Stop all offers") to this mobile: every member of that number with Buy by reply on has it
 * turned off (via 'stop'), in the caller's transaction. Answers how many were turned off.
 */
export async function turnOffReplyToBuyByStop(
  trx: Db,
  of: { mobile: string; via: string; detail?: string | null },
  now: Date,
): Promise<number> {
  const turnedOff = await trx
    .updateTable('reply_to_buy_settings')
    .set({ enabled: false, turned_off_at: now, turned_off_via: 'stop', updated_at: now })
    .where('enabled', '=', true)
    .where('customer_id', 'in', (eb) =>
      eb.selectFrom('customers').select('id').where('mobile', '=', of.mobile),
    )
    .returning('customer_id')
    .execute();
  for (const row of turnedOff) {
    await trx
      .insertInto('text_consent_events')
      .values({
        consent_id: null,
        mobile: of.mobile,
        seller_id: null,
        event: 'reply_to_buy_off',
        source: of.via,
        words: null,
        client_address: null,
        detail: of.detail ?? `customer ${row.customer_id}`,
        at: now,
      })
      .execute();
  }
  return turnedOff.length;
}

export function createReplyToBuySettings(deps: ReplyToBuySettingsDeps) {
  const { db, clock, maxCents } = deps;
  const words = () => replyToBuyWords(maxCents);

  async function read(customerId: number, cards: SavedCard[]): Promise<ReplyToBuyReply> {
    const row = await db
      .selectFrom('reply_to_buy_settings')
      .selectAll()
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    const chosen = row?.payment_method ? cards.find((card) => card.id === row.payment_method) : undefined;
    const via = row?.enabled === false ? row.turned_off_via : null;
    return {
      enabled: row?.enabled === true,
      card: chosen ? cardOf(chosen) : null,
      cards: cards.map(cardOf),
      address: await defaultShippingOf(db, customerId),
      max_cents: maxCents,
      words: words(),
      turned_on_at: row?.turned_on_at?.toISOString() ?? null,
      turned_off_at: row?.enabled === false ? (row.turned_off_at?.toISOString() ?? null) : null,
      turned_off_via: via === 'member' || via === 'stop' ? via : null,
    };
  }

  return {
    async get(customerId: number): Promise<ReplyToBuyReply> {
      return read(customerId, await deps.savedCards(customerId));
    },

    /** On with one of the member's saved cards (and a default shipping address), or off. */
    async set(
      customerId: number,
      body: { enabled: boolean; payment_method?: string | undefined },
      clientAddress: string | null,
    ): Promise<ReplyToBuyReply> {
      const cards = await deps.savedCards(customerId);
      const now = clock.now();
      if (!body.enabled) {
        await db.transaction().execute(async (trx) => {
          const off = await trx
            .updateTable('reply_to_buy_settings')
            .set({ enabled: false, turned_off_at: now, turned_off_via: 'member', updated_at: now })
            .where('customer_id', '=', customerId)
            .where('enabled', '=', true)
            .returning('customer_id')
            .executeTakeFirst();
          if (off)
            await appendEvidence(
              trx,
              { customerId, event: 'reply_to_buy_off', source: 'account', clientAddress },
              now,
            );
        });
        return read(customerId, cards);
      }
      // What is missing is said, both when both are.
      const address = await defaultShippingOf(db, customerId);
      const missing = [
        ...(cards.length === 0 ? [REPLY_TO_BUY_MSG.noCards] : []),
        ...(address ? [] : [REPLY_TO_BUY_MSG.noAddress]),
      ];
      if (missing.length > 0) throw new InvalidDataError(missing.join(' '));
      const asked = body.payment_method?.trim() ?? '';
      if (asked === '') throw new InvalidDataError(REPLY_TO_BUY_MSG.chooseCard);
      // Only the member's own saved cards: another member's card id is refused as if it did not exist.
      const card = cards.find((saved) => saved.id === asked);
      if (!card) throw new InvalidDataError(REPLY_TO_BUY_MSG.cardNotYours);
      const shown = words();
      const label = replyToBuyCardLabel(card.brand, card.last4);
      await db.transaction().execute(async (trx) => {
        const fields = {
          enabled: true,
          payment_method: card.id,
          card_label: label,
          words: shown,
          client_address: clientAddress,
          turned_on_at: now,
          turned_off_at: null,
          turned_off_via: null,
          updated_at: now,
        };
        await trx
          .insertInto('reply_to_buy_settings')
          .values({ customer_id: customerId, ...fields })
          .onConflict((oc) => oc.column('customer_id').doUpdateSet(fields))
          .execute();
        await appendEvidence(
          trx,
          {
            customerId,
            event: 'reply_to_buy_on',
            source: 'account',
            words: shown,
            clientAddress,
            detail: label,
          },
          now,
        );
      });
      return read(customerId, cards);
    },
  };
}

export type ReplyToBuySettings = ReturnType<typeof createReplyToBuySettings>;
