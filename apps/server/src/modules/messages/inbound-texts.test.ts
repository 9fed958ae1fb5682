import { STOP_KEYWORDS } from '@quokka/contract/api/text-offers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSeller, importTestCatalogue } from '../../test/catalog-factory.ts';
import { aMobile } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { isStoppedAll, marketingAllowed, recordConsent } from '../campaigns/consent.ts';
import { enqueueMessage } from './outbox.ts';

// [I29] Texts a shopper sends to the shop's number, on the real app in sandbox mode: through the
// sandbox's POST /dev/messages/reply (the same handleInboundText the signed Twilio webhook calls) and,
// where a MessageSid must repeat, through the inbound service itself. Replies are read from the outbox.

let t: TestApp;
let sellerA: number;
let sellerB: number;
let sids = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_NAME: 'Quokka Marketplace Pty Ltd', SUPPORT_EMAIL: 'help@quokka.test' });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ seller_url: 'bobs-boots', name: "Bob's Boots" }),
      aSeller({ seller_url: 'kims-kites', name: "Kim's Kites" }),
    ],
  });
  const sellers = await t.db.selectFrom('sellers').select(['id', 'seller_url']).execute();
  sellerA = sellers.find((s) => s.seller_url === 'bobs-boots')?.id ?? 0;
  sellerB = sellers.find((s) => s.seller_url === 'kims-kites')?.id ?? 0;
});
afterAll(() => t?.close());

/** A reply box text, as the sandbox page sends it. */
async function reply(from: string, body: string) {
  const r = await t.app.inject({ method: 'POST', url: '/dev/messages/reply', payload: { from, body } });
  expect(r.statusCode).toBe(200);
  return r.json() as { handled_as: string; replay: boolean; reply_message_id: number | null };
}

/** The texts sent to a number (what the sandbox handed on), oldest first. */
async function textsTo(mobile: string) {
  return t.db
    .selectFrom('sent_messages')
    .select(['id', 'purpose', 'body', 'send_state'])
    .where('to_number', '=', mobile)
    .orderBy('id')
    .execute();
}

async function subscribed(mobile: string, sellerId: number) {
  await t.db
    .transaction()
    .execute((trx) =>
      recordConsent(trx, { mobile, sellerId, source: 'account', words: 'Text me offers' }, t.clock.now()),
    );
}

describe("[I29] keywords in a shopper's text", () => {
  it('[I29] every STOP keyword, any case and trimmed, stops every seller and is answered', async () => {
    for (const keyword of STOP_KEYWORDS) {
      for (const written of [
        keyword,
        `  ${keyword.toLowerCase()} `,
        keyword[0] + keyword.slice(1).toLowerCase(),
      ]) {
        const mobile = aMobile();
        await subscribed(mobile, sellerA);
        await subscribed(mobile, sellerB);
        expect(await reply(mobile, written)).toMatchObject({ handled_as: 'stop', replay: false });
        expect(await isStoppedAll(t.db, mobile)).toBe(true);
        expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(false);
        expect(await marketingAllowed(t.db, mobile, sellerB)).toBe(false);
        const texts = await textsTo(mobile);
        expect(texts).toHaveLength(1);
        expect(texts[0]).toMatchObject({ purpose: 'keyword_reply', send_state: 'sent' });
        expect(texts[0]?.body).toContain('no more offers');
      }
    }
  });

  it('[I29] "stop please" or "STOP STOP" is not a keyword: nothing stops, nothing is answered', async () => {
    const mobile = aMobile();
    await subscribed(mobile, sellerA);
    for (const body of ['stop please', 'STOP STOP', 'please stop', 'stopp', 'help me', 'yes please']) {
      expect(await reply(mobile, body)).toMatchObject({ handled_as: 'none', reply_message_id: null });
    }
    expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(true);
    expect(await textsTo(mobile)).toHaveLength(0);
    const recorded = await t.db
      .selectFrom('inbound_texts')
      .select('handled_as')
      .where('from_number', '=', mobile)
      .execute();
    expect(recorded.map((row) => row.handled_as)).toEqual(Array(6).fill('none'));
  });

  it('[I29] a STOP retried with the same MessageSid is answered once', async () => {
    const mobile = aMobile();
    await subscribed(mobile, sellerA);
    const text = { sid: `SMretry${++sids}`, from: mobile, to: '+61400000000', body: 'STOP' };
    const first = await t.app.services.inboundTexts.receive(text);
    const again = await t.app.services.inboundTexts.receive(text);
    expect(first).toMatchObject({ handledAs: 'stop', replay: false });
    expect(again).toEqual({ handledAs: 'stop', replay: true, replyMessageId: first.replyMessageId });
    expect(await textsTo(mobile)).toHaveLength(1);
    const outbox = await t.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('to_number', '=', mobile)
      .execute();
    expect(outbox).toHaveLength(1);
    const events = await t.db
      .selectFrom('text_consent_events')
      .select('event')
      .where('mobile', '=', mobile)
      .where('event', '=', 'stopped_all')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('[I29] START and UNSTOP restore what STOP held (a seller unsubscribed before stays off)', async () => {
    for (const start of ['START', 'unstop']) {
      const mobile = aMobile();
      await subscribed(mobile, sellerA);
      await reply(mobile, 'STOP');
      expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(false);
      expect(await reply(mobile, start)).toMatchObject({ handled_as: 'start' });
      expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(true);
      expect(await marketingAllowed(t.db, mobile, sellerB)).toBe(false);
      const texts = await textsTo(mobile);
      expect(texts.at(-1)?.body).toContain('back on');
    }
  });

  it("[I29] HELP answers the operator's name and support contact", async () => {
    const mobile = aMobile();
    expect(await reply(mobile, 'help')).toMatchObject({ handled_as: 'help' });
    const [text] = await textsTo(mobile);
    expect(text?.body).toContain('Quokka Marketplace Pty Ltd');
    expect(text?.body).toContain('help@quokka.test');
    expect(text?.body).toContain('STOP');
  });

  it('[I29] JOIN <seller> asks for YES; YES within 24 h subscribes and names the seller', async () => {
    const mobile = aMobile();
    expect(await reply(mobile, 'join BOBS-BOOTS')).toMatchObject({ handled_as: 'join' });
    expect(await reply(mobile, 'JOIN kims-kites')).toMatchObject({ handled_as: 'join' });
    const asks = await textsTo(mobile);
    expect(asks[0]?.body).toBe(
      "Quokka: Reply YES to get offers from Bob's Boots by text. Msg&data rates may apply. Reply STOP to opt out.",
    );
    const consent = await t.db
      .selectFrom('text_consents')
      .selectAll()
      .where('mobile', '=', mobile)
      .where('seller_id', '=', sellerA)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ state: 'pending', source: 'keyword', words: 'join BOBS-BOOTS' });
    expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(false);
    t.clock.advance(23 * 60 * 60_000);
    expect(await reply(mobile, ' Yes ')).toMatchObject({ handled_as: 'yes' });
    expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(true);
    expect(await marketingAllowed(t.db, mobile, sellerB)).toBe(true);
    const confirmed = (await textsTo(mobile)).at(-1)?.body ?? '';
    expect(confirmed).toContain("Bob's Boots and Kim's Kites");
    const events = await t.db
      .selectFrom('text_consent_events')
      .select(['event', 'seller_id'])
      .where('mobile', '=', mobile)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['asked', 'asked', 'confirmed', 'confirmed']);
  });

  it('[I29] YES after 24 h confirms nothing and is not answered; an unknown seller is said so', async () => {
    const mobile = aMobile();
    await reply(mobile, 'JOIN bobs-boots');
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect(await reply(mobile, 'YES')).toMatchObject({ handled_as: 'none', reply_message_id: null });
    expect(await marketingAllowed(t.db, mobile, sellerA)).toBe(false);
    expect(await textsTo(mobile)).toHaveLength(1);
    expect(await reply(mobile, 'JOIN no-such-shop')).toMatchObject({ handled_as: 'join' });
    expect((await textsTo(mobile)).at(-1)?.body).toContain('could not find');
  });

  it('[I29] STOP withdraws at once the campaign texts to that number not yet handed to the provider', async () => {
    const mobile = aMobile();
    await subscribed(mobile, sellerA);
    const now = t.clock.now();
    const campaign = await t.db
      .insertInto('campaigns')
      .values({
        seller_id: sellerA,
        name: 'Spring boots',
        message: 'New boots',
        product_id: null,
        audience: JSON.stringify({ kind: 'all' }),
        state: 'sending',
        scheduled_at: null,
        schedule_zone: null,
        review_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_by: null,
        created_at: now,
        updated_at: now,
        started_at: now,
        finished_at: null,
        queued_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipient = await t.db
      .insertInto('campaign_recipients')
      .values({
        campaign_id: campaign.id,
        mobile,
        customer_id: null,
        zone: 'Australia/Sydney',
        code: `c${mobile.slice(-9)}`,
        state: 'queued',
        queued_at: now,
        message_id: null,
        first_clicked_at: null,
        last_clicked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Due tomorrow (quiet hours, say): still in the outbox, not yet with the provider.
    const messageId = await enqueueMessage(
      t.db,
      {
        kind: 'sms',
        to: mobile,
        body: "Bob's Boots: new boots",
        purpose: 'campaign',
        key: `campaign-test-${recipient.id}`,
        notBefore: new Date(now.getTime() + 86_400_000),
      },
      now,
    );
    await t.db
      .updateTable('sent_messages')
      .set({ campaign_recipient_id: recipient.id })
      .where('id', '=', messageId)
      .execute();
    await reply(mobile, 'STOP');
    const row = await t.db
      .selectFrom('sent_messages')
      .select('send_state')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(row.send_state).toBe('cancelled');
    const after = await t.db
      .selectFrom('campaign_recipients')
      .select('state')
      .where('id', '=', recipient.id)
      .executeTakeFirstOrThrow();
    expect(after.state).toBe('skipped_opted_out');
  });

  it('[I29] transactional texts still go to a stopped number', async () => {
    const mobile = aMobile();
    await subscribed(mobile, sellerA);
    await reply(mobile, 'STOP');
    const id = await enqueueMessage(
      t.db,
      {
        kind: 'sms',
        to: mobile,
        body: 'Your order is on its way',
        purpose: 'order_shipped',
        key: `shipped-${mobile}`,
      },
      t.clock.now(),
    );
    await t.app.services.outbox.sendNow([id]);
    const texts = await textsTo(mobile);
    expect(texts.at(-1)).toMatchObject({ purpose: 'order_shipped', send_state: 'sent' });
  });
});

describe('[I29] the sandbox reply box', () => {
  it('[I29] a bad number is a 400 and records nothing; the page has a reply box per number', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/dev/messages/reply',
      payload: { from: '02 9999 0000', body: 'STOP' },
    });
    expect(bad.statusCode).toBe(400);
    const mobile = aMobile();
    await reply(mobile, 'HELP');
    const page = await t.app.inject({ method: 'GET', url: '/dev/messages' });
    expect(page.body).toContain('action="/dev/messages/reply"');
    expect(page.body).toContain(`name="from" value="${mobile}"`);
  });

  it('[I29] the form posts a reply and comes back to the page', async () => {
    const mobile = aMobile();
    await subscribed(mobile, sellerA);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/dev/messages/reply',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: mobile, body: 'stop' }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/dev/messages');
    expect(await isStoppedAll(t.db, mobile)).toBe(true);
  });
});
