import { START_KEYWORDS, STOP_KEYWORDS, TEXT_REPLIES } from '@quokka/contract/api/text-offers';
import type { BusinessIdentity } from '@quokka/contract/business-identity';
import { supportContactSentence } from '@quokka/contract/messages';
import { parseAuMobile } from '@quokka/contract/mobile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { enqueueMessage } from './outbox.ts';

// [I29] Texts a shopper sends to the shop's number (docs/campaigns.md "Consent and opt-out"). The Twilio
// webhook (webhooks/twilio-inbound.ts, after its signature check) and the sandbox's POST /dev/messages/reply
// both call handleInboundText, so the sandbox goes through the same code.
// - Each MessageSid once: inbound_texts is unique on it; a repeat answers the first result and sends nothing.
// - Keywords are the WHOLE message, any case, trimmed: STOP… stops every seller's marketing, START/UNSTOP
//   restores it, HELP answers who we are, "JOIN <seller>" asks for a YES, YES confirms what was asked in the
//   last 24 h. Anything else (and a YES with nothing waiting) is recorded as 'none' and not answered: the
//   reply-to-buy of issue 30 reads YES and BUY, and answering every stray text costs a text each and can
//   loop with another number's auto-reply.
// - Each answer is a transactional outbox row (purpose 'keyword_reply', key per MessageSid), written in the
//   same transaction as the change, and never held by an opt-out (STOP itself is answered).
// - [I30] BUY and YES are reply to buy's (modules/campaigns/reply-offers.ts, handed in by services.ts), in
//   this text's transaction. YES: an offer still within its 10 minutes first, else a consent waiting for it,
//   else what the offer has to say (its order number, the 10 minutes over). A YES that placed an order is
//   answered by the order's receipt text.

export const KEYWORD_REPLY_PURPOSE = 'keyword_reply';

export type HandledAs = 'stop' | 'start' | 'help' | 'join' | 'yes' | 'buy' | 'none';

export interface InboundText {
  sid: string;
  from: string;
  to: string;
  body: string;
  at: Date;
}

/**
 * What a keyword changes: the consent rules of modules/campaigns/consent.ts, handed in by the composition
 * root (services.ts), each run in this text's transaction.
 */
export interface KeywordConsents {
  stopAll(
    trx: Db,
    of: { mobile: string; via: 'keyword'; detail?: string | null },
    now: Date,
  ): Promise<{ replyToBuyOff: boolean }>;
  restoreAll(trx: Db, of: { mobile: string; detail?: string | null }, now: Date): Promise<unknown>;
  recordConsent(
    trx: Db,
    evidence: { mobile: string; sellerId: number; source: 'keyword'; words: string; detail?: string | null },
    now: Date,
  ): Promise<{ outcome: 'subscribed' | 'asked' | 'already' }>;
  confirmPending(
    trx: Db,
    mobile: string,
    now: Date,
    detail?: string | null,
  ): Promise<{ sellerName: string }[]>;
  /** The seller a JOIN names, by its url key (or a link ending in it), any case. */
  sellerNamed(trx: Db, asked: string): Promise<{ id: number; name: string } | undefined>;
}

/** [I30] What reply to buy answers a BUY or YES (reply-offers.ts), in this text's transaction. */
export interface ReplyAnswer {
  reply: string | null;
  /** An outbox row already queued that answers the text (the order's receipt). */
  messageId?: number;
  /** Run once the text's transaction committed. */
  afterCommit?: () => Promise<void>;
}

export interface InboundReplyOffers {
  /** Null: this number has nothing to buy by reply (nothing is answered). */
  buy(trx: Db, text: { mobile: string; sid: string; now: Date }): Promise<ReplyAnswer | null>;
  /** `live`: it confirmed an offer within its 10 minutes; otherwise a waiting consent comes first. */
  yes(
    trx: Db,
    text: { mobile: string; sid: string; now: Date },
  ): Promise<(ReplyAnswer & { live: boolean }) | null>;
}

export interface InboundTextDeps {
  db: Db;
  consents: KeywordConsents;
  clock: Clock;
  outbox: { sendNow(ids: readonly number[]): Promise<void> };
  storeName: string;
  identity: BusinessIdentity;
  marketingTextsPerWeek: number;
  /** [I30] Reply to buy; without it BUY is no keyword and YES is only consent's. */
  replyOffers?: InboundReplyOffers;
}

export interface InboundResult {
  handledAs: HandledAs;
  /** True when this MessageSid was handled before (nothing was done or sent again). */
  replay: boolean;
  replyMessageId: number | null;
}

type Keyword =
  | { kind: Exclude<HandledAs, 'join' | 'none'> }
  | { kind: 'join'; seller: string }
  | { kind: 'none' };

/** The keyword a whole message is, or none ("stop please" is none). */
export function keywordOf(body: string): Keyword {
  const text = body.trim().replace(/\s+/g, ' ');
  const upper = text.toUpperCase();
  if (STOP_KEYWORDS.includes(upper)) return { kind: 'stop' };
  if (START_KEYWORDS.includes(upper)) return { kind: 'start' };
  if (upper === 'HELP') return { kind: 'help' };
  if (upper === 'YES') return { kind: 'yes' };
  if (upper === 'BUY') return { kind: 'buy' };
  const join = /^JOIN (\S+)$/i.exec(text);
  if (join?.[1]) return { kind: 'join', seller: join[1] };
  return { kind: 'none' };
}

export async function handleInboundText(deps: InboundTextDeps, text: InboundText): Promise<InboundResult> {
  const { db, storeName, consents } = deps;
  const mobile = parseAuMobile(text.from) ?? text.from;
  const now = text.at;
  let afterCommit: (() => Promise<void>) | undefined;
  const result = await db.transaction().execute(async (trx): Promise<InboundResult> => {
    const inserted = await trx
      .insertInto('inbound_texts')
      .values({
        message_sid: text.sid,
        from_number: mobile,
        to_number: text.to,
        body: text.body.slice(0, 2000),
        received_at: now,
        handled_as: null,
        reply_message_id: null,
      })
      .onConflict((oc) => oc.column('message_sid').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('inbound_texts')
        .select(['handled_as', 'reply_message_id'])
        .where('message_sid', '=', text.sid)
        .executeTakeFirstOrThrow();
      return {
        handledAs: (first.handled_as ?? 'none') as HandledAs,
        replay: true,
        replyMessageId: first.reply_message_id,
      };
    }
    const keyword = keywordOf(text.body);
    const detail = `MessageSid ${text.sid}`;
    let reply: string | null = null;
    let answeredBy: number | null = null;
    let handledAs: HandledAs = keyword.kind;
    const offerText = { mobile, sid: text.sid, now };
    /** [I30] Reply to buy's answer: its text, or the outbox row that answers (the receipt). */
    const answerWith = (answer: ReplyAnswer) => {
      reply = answer.reply;
      answeredBy = answer.messageId ?? null;
      afterCommit = answer.afterCommit;
    };
    switch (keyword.kind) {
      case 'stop':
        // [I30] The confirmation says so when the STOP also turned Buy by reply off.
        reply = (await consents.stopAll(trx, { mobile, via: 'keyword', detail }, now)).replyToBuyOff
          ? TEXT_REPLIES.stoppedWithReplyToBuy(storeName)
          : TEXT_REPLIES.stopped(storeName);
        break;
      case 'start':
        await consents.restoreAll(trx, { mobile, detail }, now);
        reply = TEXT_REPLIES.started(storeName);
        break;
      case 'help':
        reply = TEXT_REPLIES.help(
          deps.identity.tradingName,
          storeName,
          supportContactSentence(deps.identity),
        );
        break;
      case 'join': {
        const seller = await consents.sellerNamed(trx, keyword.seller);
        if (!seller) {
          reply = TEXT_REPLIES.joinUnknown(storeName, keyword.seller);
          break;
        }
        const outcome = await consents.recordConsent(
          trx,
          { mobile, sellerId: seller.id, source: 'keyword', words: text.body.trim(), detail },
          now,
        );
        reply =
          outcome.outcome === 'already'
            ? TEXT_REPLIES.joinAlready(storeName, seller.name)
            : TEXT_REPLIES.confirmAsk(storeName, seller.name);
        break;
      }
      case 'buy': {
        const answer = await deps.replyOffers?.buy(trx, offerText);
        if (answer) answerWith(answer);
        else handledAs = 'none';
        break;
      }
      case 'yes': {
        // [I30] An offer within its 10 minutes first; otherwise a consent waiting for YES.
        const offer = await deps.replyOffers?.yes(trx, offerText);
        if (offer?.live) {
          answerWith(offer);
          break;
        }
        const sellers = await consents.confirmPending(trx, mobile, now, detail);
        if (sellers.length === 0) {
          if (offer) answerWith(offer);
          else handledAs = 'none';
          break;
        }
        reply = TEXT_REPLIES.confirmed(
          storeName,
          sellers.map((seller) => seller.sellerName),
          deps.marketingTextsPerWeek,
        );
        break;
      }
      case 'none':
        break;
    }
    const replyMessageId =
      reply === null
        ? answeredBy
        : await enqueueMessage(
            trx,
            {
              kind: 'sms',
              to: mobile,
              body: reply,
              purpose: KEYWORD_REPLY_PURPOSE,
              key: `keyword-reply:${text.sid}`,
            },
            now,
          );
    await trx
      .updateTable('inbound_texts')
      .set({ handled_as: handledAs, reply_message_id: replyMessageId })
      .where('id', '=', inserted.id)
      .execute();
    return { handledAs, replay: false, replyMessageId };
  });
  if (!result.replay && result.replyMessageId !== null) await deps.outbox.sendNow([result.replyMessageId]);
  // [I30] An order placed by YES, committed: stock shown, and ORDER_REVIEW=auto approves it.
  if (!result.replay) await afterCommit?.();
  return result;
}

/** The service the webhook and the sandbox call: an inbound text received now (the app's clock). */
export function createInboundTexts(deps: InboundTextDeps) {
  return {
    receive: (text: Omit<InboundText, 'at'>) => handleInboundText(deps, { ...text, at: deps.clock.now() }),
  };
}
export type InboundTexts = ReturnType<typeof createInboundTexts>;
