import {
  type Subscriber,
  type SubscriberImportReply,
  type SubscriberListReply,
  TEXT_REPLIES,
} from '@quokka/contract/api/text-offers';
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { parseAuMobile } from '@quokka/contract/mobile';
import { CsvError, parse } from 'csv-parse/sync';
import type { Db } from '../../db/database.ts';
import { InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { type CsvCell, csvDocument } from '../../http/csv.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { recordConsent } from './consent.ts';

// [I29] A seller's subscribers in the back office (docs/campaigns.md "Consent and opt-out"): the list with
// its counts, the CSV export with every consent's evidence, and the import of a list gathered elsewhere.
// A vendor's staff see and import only their own seller's (another seller's: 404); an operator any.
// An imported number is never subscribed by the import: it is asked (pending, the confirmation text) and
// only its YES within 24 h subscribes it. A number that stopped every seller's offers, or unsubscribed
// from this seller before, is not asked again (counted as stopped); an already subscribed one is counted.

export interface SubscriberViewer {
  role: 'operator' | 'vendor';
  sellerId: number | null;
  staffId: number;
}

/** The seller a request is about: a vendor's own (another's is 404); an operator's choice. */
export function sellerScope(viewer: SubscriberViewer, asked: number | undefined): number | undefined {
  if (viewer.role === 'operator') return asked;
  if (viewer.sellerId === null) throw new NotFoundError('There is no such seller.');
  if (asked !== undefined && asked !== viewer.sellerId) throw new NotFoundError('There is no such seller.');
  return viewer.sellerId;
}

function subscriberQuery(db: Db, sellerId: number | undefined, state: Subscriber['state'] | undefined) {
  let query = db
    .selectFrom('text_consents as c')
    .innerJoin('sellers as s', 's.id', 'c.seller_id')
    .leftJoin('text_stops as t', (join) =>
      join.onRef('t.mobile', '=', 'c.mobile').on('t.stopped', '=', true),
    );
  if (sellerId !== undefined) query = query.where('c.seller_id', '=', sellerId);
  if (state !== undefined) query = query.where('c.state', '=', state);
  return query;
}

const SUBSCRIBER_COLUMNS = [
  'c.id',
  'c.mobile',
  'c.seller_id',
  's.name as seller_name',
  'c.state',
  'c.source',
  'c.words',
  'c.client_address',
  'c.requested_at',
  'c.subscribed_at',
  'c.unsubscribed_at',
  't.mobile as stopped_mobile',
] as const;

type Row = {
  mobile: string;
  seller_id: number;
  state: Subscriber['state'];
  source: Subscriber['source'];
  words: string;
  client_address: string | null;
  requested_at: Date;
  subscribed_at: Date | null;
  unsubscribed_at: Date | null;
  stopped_mobile: string | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function subscriberOf(row: Row): Subscriber {
  return {
    mobile: row.mobile,
    seller_id: row.seller_id,
    state: row.state,
    source: row.source,
    words: row.words,
    client_address: row.client_address,
    requested_at: row.requested_at.toISOString(),
    subscribed_at: iso(row.subscribed_at),
    unsubscribed_at: iso(row.unsubscribed_at),
    stopped_all: row.stopped_mobile !== null,
  };
}

export async function listSubscribers(
  db: Db,
  viewer: SubscriberViewer,
  query: {
    seller_id?: number | undefined;
    state?: Subscriber['state'] | undefined;
    page: number;
    page_size: number;
  },
): Promise<SubscriberListReply> {
  const sellerId = sellerScope(viewer, query.seller_id);
  const items = await subscriberQuery(db, sellerId, query.state)
    .select(SUBSCRIBER_COLUMNS)
    .orderBy('c.id', 'desc')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  let counts = db.selectFrom('text_consents').select(['state', (eb) => eb.fn.countAll<string>().as('n')]);
  if (sellerId !== undefined) counts = counts.where('seller_id', '=', sellerId);
  const byState = new Map((await counts.groupBy('state').execute()).map((row) => [row.state, Number(row.n)]));
  const subscribed = byState.get('subscribed') ?? 0;
  const pending = byState.get('pending') ?? 0;
  const unsubscribed = byState.get('unsubscribed') ?? 0;
  const total =
    query.state === undefined ? subscribed + pending + unsubscribed : (byState.get(query.state) ?? 0);
  return { items: items.map(subscriberOf), total, subscribed, pending, unsubscribed };
}

export const SUBSCRIBER_CSV_HEADER = [
  'mobile',
  'seller_id',
  'seller',
  'state',
  'source',
  'words',
  'client_address',
  'requested_at',
  'subscribed_at',
  'unsubscribed_at',
  'stopped_all',
];

/** Every subscriber of the filter with the evidence of its consent, as CSV (http/csv.ts). */
export async function subscribersCsv(
  db: Db,
  viewer: SubscriberViewer,
  query: { seller_id?: number | undefined; state?: Subscriber['state'] | undefined },
): Promise<string> {
  const sellerId = sellerScope(viewer, query.seller_id);
  const rows = await subscriberQuery(db, sellerId, query.state)
    .select(SUBSCRIBER_COLUMNS)
    .orderBy('c.id')
    .execute();
  const lines: CsvCell[][] = [SUBSCRIBER_CSV_HEADER];
  for (const row of rows) {
    lines.push([
      row.mobile,
      { count: row.seller_id },
      row.seller_name,
      row.state,
      row.source,
      row.words,
      row.client_address ?? '',
      row.requested_at.toISOString(),
      iso(row.subscribed_at) ?? '',
      iso(row.unsubscribed_at) ?? '',
      row.stopped_mobile !== null ? 'yes' : 'no',
    ]);
  }
  return csvDocument(lines);
}

/** The outbox purpose of the double opt-in's question to an imported number (transactional). */
export const CONSENT_REQUEST_PURPOSE = 'consent_request';

/**
 * Imports `mobile,consent_source[,consented_at,words]` lines for a seller. Good lines are kept, bad ones
 * reported by line number; the whole import is one transaction. Answers the counts and the outbox rows of
 * the confirmation texts (the worker sends them, never in quiet hours).
 */
export async function importSubscribers(
  db: Db,
  viewer: SubscriberViewer,
  input: { seller_id?: number | undefined; csv: string; storeName: string },
  now: Date,
): Promise<SubscriberImportReply & { messageIds: number[] }> {
  const sellerId = sellerScope(viewer, input.seller_id);
  if (sellerId === undefined) throw new InvalidDataError('seller_id: the seller whose list this is.');
  const seller = await db.selectFrom('sellers').select('name').where('id', '=', sellerId).executeTakeFirst();
  if (!seller) throw new NotFoundError('There is no such seller.');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(input.csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new InvalidDataError(`The CSV cannot be read: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  const names = (header?.record ?? []).map((name) => name.trim().toLowerCase());
  const column = (name: string) => names.indexOf(name);
  const mobileAt = column('mobile');
  const sourceAt = column('consent_source');
  if (mobileAt < 0 || sourceAt < 0) {
    throw new InvalidDataError(
      'The first line names the columns: mobile,consent_source[,consented_at,words].',
    );
  }
  const consentedAt = column('consented_at');
  const wordsAt = column('words');
  const reply: SubscriberImportReply & { messageIds: number[] } = {
    rows: body.length,
    asked: 0,
    already_subscribed: 0,
    stopped: 0,
    errors: [],
    messageIds: [],
  };
  const seen = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    for (const { record, info } of body) {
      const line = info.lines;
      const cell = (at: number) => (at >= 0 ? (record[at] ?? '').trim() : '');
      const mobile = parseAuMobile(cell(mobileAt));
      if (!mobile) {
        reply.errors.push({
          line,
          message: `mobile: "${cell(mobileAt).slice(0, 30)}" is not an Australian mobile.`,
        });
        continue;
      }
      const source = cell(sourceAt);
      if (!source) {
        reply.errors.push({
          line,
          message: 'consent_source: how this person agreed to hear from you is needed.',
        });
        continue;
      }
      const consented = cell(consentedAt);
      if (consented && Number.isNaN(Date.parse(consented))) {
        reply.errors.push({
          line,
          message: `consented_at: "${consented.slice(0, 30)}" is not a date (YYYY-MM-DD).`,
        });
        continue;
      }
      const earlier = seen.get(mobile);
      if (earlier !== undefined) {
        reply.errors.push({ line, message: `mobile: already on line ${earlier}.` });
        continue;
      }
      seen.set(mobile, line);
      const stop = await trx
        .selectFrom('text_stops')
        .select('stopped')
        .where('mobile', '=', mobile)
        .where('stopped', '=', true)
        .executeTakeFirst();
      const existing = await trx
        .selectFrom('text_consents')
        .select(['state', 'confirm_by'])
        .where('mobile', '=', mobile)
        .where('seller_id', '=', sellerId)
        .executeTakeFirst();
      if (stop || existing?.state === 'unsubscribed') {
        reply.stopped += 1;
        continue;
      }
      if (existing?.state === 'subscribed') {
        reply.already_subscribed += 1;
        continue;
      }
      if (existing?.state === 'pending' && existing.confirm_by && existing.confirm_by > now) {
        reply.asked += 1; // asked already, still waiting for its YES: not texted twice
        continue;
      }
      const words = cell(wordsAt) || source;
      const outcome = await recordConsent(
        trx,
        {
          mobile,
          sellerId,
          source: 'import',
          words: words.slice(0, 500),
          detail: `consent_source: ${source.slice(0, 200)}${consented ? `; consented_at: ${consented}` : ''}; imported by staff ${viewer.staffId}`,
        },
        now,
      );
      reply.asked += 1;
      reply.messageIds.push(
        await enqueueMessage(
          trx,
          {
            kind: 'sms',
            to: mobile,
            body: TEXT_REPLIES.confirmAsk(input.storeName, seller.name),
            purpose: CONSENT_REQUEST_PURPOSE,
            key: `consent-request:${outcome.consentId}:${now.getTime()}`,
            quietZone: DEFAULT_TIMEZONE,
          },
          now,
        ),
      );
    }
  });
  return reply;
}
