import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aShopper, call, NS, type Shopper } from '../../test/cart-factory.ts';
import {
  buyGiftCard,
  type GiftCardCatalogue,
  giftCardCatalogue,
  saveGiftCardDetails,
  scheduleGiftCard,
} from '../../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// [I12-8, I12-10] What the fuzzer sent the gift card calls. Every bad input is a 400 with a
// message and a code, before it reaches SQL (a NUL byte is refused by PostgreSQL with a 500).

let t: TestApp;
let catalogue: GiftCardCatalogue;
let shopper: Shopper;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await giftCardCatalogue(t.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set('2026-11-21T00:00:00Z');
  shopper = await aShopper(t);
});

const refused = { status: 400, body: { code: 'INPUT_VALIDATION', message: expect.any(String) } };

describe('gift card text', () => {
  it('[I12-8] a NUL or other control character in any recipient field is a 400; a new line in the message is kept', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    for (const field of [
      'recipient_firstname',
      'recipient_lastname',
      'recipient_message',
      'purchaser_mobile',
    ]) {
      for (const bad of ['Ava\u0000', 'Ava\u001b[2J', 'A\u007fva']) {
        expect(await saveGiftCardDetails(t.app, shopper, line, catalogue, { [field]: bad })).toMatchObject(
          refused,
        );
      }
    }
    const name = await saveGiftCardDetails(t.app, shopper, line, catalogue, {
      recipient_firstname: 'Ava\nMay',
    });
    expect(name).toMatchObject(refused);
    const saved = await saveGiftCardDetails(t.app, shopper, line, catalogue, {
      recipient_message: 'Happy\nbirthday',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.recipient_message).toBe('Happy\nbirthday');
    const edit = await call(t.app, 'POST', `${NS}/editgiftcarddetails`, {
      headers: shopper.headers,
      payload: { gift_card_details_id: saved.body.data.id, data: { recipient_lastname: 'Ng\u0000' } },
    });
    expect(edit).toMatchObject(refused);
    const zone = await scheduleGiftCard(
      t.app,
      shopper,
      saved.body.data.id,
      '2026-12-01 09:00:00',
      'Australia/Sydney\u0000',
    );
    expect(zone.status).toBe(400);
  });

  it('[I12-8] a schedule more than a year ahead (year 9999) is a 400; a year ahead is fine and valid 3 years on', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const card = (await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data;
    for (const wall of ['9999-12-31 23:59:00', '2027-11-22 12:00:00']) {
      const reply = await scheduleGiftCard(t.app, shopper, card.id, wall, 'Australia/Sydney');
      expect(reply).toMatchObject({ status: 400, body: { code: 'INPUT_VALIDATION' } });
      expect(reply.body.input_validation?.scheduled_delivery).toEqual([expect.any(String)]);
    }
    const ok = await scheduleGiftCard(t.app, shopper, card.id, '2027-11-20 12:00:00', 'Australia/Sydney');
    expect(ok.status).toBe(200);
    expect(ok.body.data.valid_until).toBe('2030-11-20 12:00:00');
  });
});

describe('gift card lengths and counts', () => {
  it('[I12-10] a 900,000- or 101-character recipient name is a 400; 100 characters are kept', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    for (const name of ['A'.repeat(900_000), 'A'.repeat(101)]) {
      for (const field of ['recipient_firstname', 'recipient_lastname']) {
        expect(await saveGiftCardDetails(t.app, shopper, line, catalogue, { [field]: name })).toMatchObject(
          refused,
        );
      }
    }
    const long = await saveGiftCardDetails(t.app, shopper, line, catalogue, {
      recipient_firstname: 'A'.repeat(100),
    });
    expect(long.status).toBe(200);
  });

  it('[I12-10] a cart line of 1 takes 20 drafts and refuses the 21st (never 201); a line of 30 takes 30', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25]);
    const statuses: number[] = [];
    for (let n = 0; n < 201; n++) {
      const reply = await saveGiftCardDetails(t.app, shopper, line, catalogue);
      statuses.push(reply.status);
      if (reply.status !== 200) {
        expect(reply.body).toMatchObject({ code: 'INVALID_DATA', message: expect.stringContaining('20') });
        break;
      }
    }
    expect(statuses).toEqual([...Array(20).fill(200), 400]);
    const big = await buyGiftCard(t.app, shopper, catalogue.skus[100], 30);
    for (let n = 0; n < 30; n++)
      expect((await saveGiftCardDetails(t.app, shopper, big, catalogue)).status).toBe(200);
    expect((await saveGiftCardDetails(t.app, shopper, big, catalogue)).status).toBe(400);
  });
});
