import type { GiftCardDetails as GiftCardDetailsWire } from '@quokka/contract/api/giftcards';
import { AUSTRALIAN_TIME_ZONES, utcToZonedWallTime } from '@quokka/contract/timezones';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, aShopper, call, NS, type Shopper } from '../../test/cart-factory.ts';
import { aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import {
  aPaidGiftCard,
  aRecipient,
  buyGiftCard,
  chooseTemplate,
  type GiftCardCatalogue,
  giftCardCatalogue,
  payForCart,
  saveGiftCardDetails,
  saveGiftCardOrder,
  scheduleGiftCard,
} from '../../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { issueCustomerToken } from '../auth/token-service.ts';

// SPEC.md §7 "Gift cards" through the real app on a fresh database: every call, the §5 rules and the
// ownership of carts and cards. The clock is fake: 2026-11-21T00:00:00Z is 11:00 in Sydney (AEDT).

type Details = { status: boolean; data: GiftCardDetailsWire; input_validation?: Record<string, string[]> };
type Invalid = { status: false; message: string; input_validation: Record<string, string[]> };

let t: TestApp;
let catalogue: GiftCardCatalogue;
let shopper: Shopper;
let other: Shopper;

const START = '2026-11-21T00:00:00Z';

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await giftCardCatalogue(t.db);
  await importTestCatalogue(t.db, { products: [aSimpleProduct('MUG')] });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  t.clock.set(START);
  shopper = await aShopper(t);
  other = await aShopper(t);
});

async function aCard(owner = shopper, form = {}) {
  const line = await buyGiftCard(t.app, owner, catalogue.skus[50]);
  const saved = await saveGiftCardDetails(t.app, owner, line, catalogue, form);
  expect(saved.status).toBe(200);
  return { line, card: saved.body.data };
}

describe('savegiftcarddetails', () => {
  it('[API-37, DATA-42, GIFT-03] saves the card with every field of SPEC §3, a 16-digit number and the amount', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const form = aRecipient({ recipient_mobile: '0412 345 678', purchaser_mobile: '+61 498 765 432' });
    const reply = await saveGiftCardDetails(t.app, shopper, line, catalogue, form);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(true);
    const card = reply.body.data;
    for (const field of [
      'id',
      'cart_id',
      'cart_item_id',
      'product_id',
      'configurable_product_sku',
      'gift_card_no',
      'recipient_firstname',
      'recipient_lastname',
      'recipient_mobile',
      'recipient_message',
      'purchaser_mobile',
      'mms_template_id',
      'mms_template_url',
      'pass_id',
      'scheduled_delivery',
      'delivery_timezone',
      'valid_until',
    ]) {
      expect(card).toHaveProperty(field);
    }
    expect(card).toMatchObject({
      cart_id: line.cartId,
      cart_item_id: line.itemId,
      product_id: catalogue.productId,
      configurable_product_sku: catalogue.skus[50],
      recipient_firstname: 'Ava',
      recipient_lastname: 'Nguyen',
      recipient_mobile: '+61412345678',
      purchaser_mobile: '+61498765432',
      recipient_message: form.recipient_message,
      amount: 50,
      status: 'draft',
      scheduled_delivery: null,
      valid_until: null,
      mms_template_id: null,
    });
    expect(card.gift_card_no).toMatch(/^[1-9]\d{15}$/);
  });

  it('[DATA-42] gives every card its own number', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25], 5);
    const numbers = new Set<string>();
    for (let n = 0; n < 5; n++) {
      numbers.add((await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data.gift_card_no);
    }
    expect(numbers.size).toBe(5);
  });

  it('[API-37] accepts data as JSON text', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25]);
    const reply = await call<Details>(t.app, 'POST', `${NS}/savegiftcarddetails`, {
      headers: shopper.headers,
      payload: {
        data: JSON.stringify({
          cart_id: String(line.cartId),
          cart_item_id: String(line.itemId),
          product_id: String(catalogue.productId),
          configurable_product_sku: line.sku,
          ...aRecipient(),
        }),
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.amount).toBe(25);
  });

  it('[VAL-41, VAL-42, VAL-43, VAL-44, VAL-45, VAL-51] answers each empty field with its message in input_validation', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const reply = await call<Invalid>(t.app, 'POST', `${NS}/savegiftcarddetails`, {
      headers: shopper.headers,
      payload: {
        data: {
          cart_id: line.cartId,
          cart_item_id: line.itemId,
          product_id: catalogue.productId,
          configurable_product_sku: line.sku,
          recipient_firstname: ' ',
          recipient_lastname: '',
          recipient_message: '',
          recipient_mobile: '',
        },
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(false);
    expect(reply.body.input_validation).toEqual({
      recipient_firstname: ['Please enter a firstname'],
      recipient_lastname: ['Please enter a lastname'],
      recipient_mobile: ['Please enter a mobile'],
      recipient_message: ['Please enter a message'],
      purchaser_mobile: ['Please enter a mobile for receipt'],
    });
  });

  it('[VAL-51] refuses mobiles that are not Australian mobiles', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const reply = await saveGiftCardDetails(t.app, shopper, line, catalogue, {
      recipient_mobile: '02 9999 9999',
      purchaser_mobile: '+1 415 555 0100',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.input_validation).toEqual({
      recipient_mobile: ['Please enter a valid mobile'],
      purchaser_mobile: ['Please enter a valid mobile'],
    });
  });

  it('[VAL-47, VAL-49, CONST-24, CONST-25] keeps the message within one SMS part: 160 GSM characters, 70 Unicode', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50], 4);
    const save = (message: string) =>
      saveGiftCardDetails(t.app, shopper, line, catalogue, { recipient_message: message });
    expect((await save('a'.repeat(160))).status).toBe(200);
    const long = await save('a'.repeat(161));
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.input_validation ?? {})).toEqual(['recipient_message']);
    expect((await save('🎉'.repeat(35))).status).toBe(200); // 70 UCS-2 units
    expect((await save(`${'é'.repeat(69)}ж`)).status).toBe(200); // 70 Unicode characters
    expect((await save(`${'é'.repeat(70)}ж`)).status).toBe(400);
  });

  it('[API-37] refuses an amount that is not one of the product’s', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const reply = await saveGiftCardDetails(t.app, shopper, { ...line, sku: 'GIFT-75' }, catalogue);
    expect(reply.status).toBe(400);
    expect(reply.body.input_validation).toEqual({
      configurable_product_sku: ['You must select a Gift Card price'],
    });
  });

  it('refuses a product that is not a gift card, and an unknown product', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const mug = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'MUG')
      .executeTakeFirstOrThrow();
    const notGift = await saveGiftCardDetails(t.app, shopper, line, { ...catalogue, productId: mug.id });
    expect(notGift.status).toBe(400);
    const unknown = await saveGiftCardDetails(t.app, shopper, line, { ...catalogue, productId: 999_999 });
    expect(unknown.status).toBe(404);
  });

  it('[ROLE-05] needs sign-in, and another member’s cart answers 404', async () => {
    const line = await buyGiftCard(t.app, other, catalogue.skus[50]);
    const theirs = await saveGiftCardDetails(t.app, shopper, line, catalogue);
    expect(theirs.status).toBe(404);
    const anonymous = await call(t.app, 'POST', `${NS}/savegiftcarddetails`, {
      payload: {
        data: { cart_id: line.cartId, product_id: catalogue.productId, configurable_product_sku: line.sku },
      },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('editgiftcarddetails', () => {
  it('[API-38] takes the form values as JSON text and answers status, input_validation and data', async () => {
    const { card } = await aCard();
    const reply = await call<Details>(t.app, 'POST', `${NS}/editgiftcarddetails`, {
      headers: shopper.headers,
      payload: {
        gift_card_details_id: String(card.id),
        data: JSON.stringify({
          ...aRecipient(),
          recipient_firstname: 'Mia',
          recipient_mobile: '0400 111 222',
        }),
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: true,
      input_validation: {},
      data: { id: card.id, recipient_firstname: 'Mia', recipient_mobile: '+61400111222' },
    });
    expect(reply.body.data.gift_card_no).toBe(card.gift_card_no);
  });

  it('[API-38, VAL-41, VAL-51] answers the §5 messages per field and keeps the card as it was', async () => {
    const { card } = await aCard();
    const reply = await call<Invalid>(t.app, 'POST', `${NS}/editgiftcarddetails`, {
      headers: shopper.headers,
      payload: { gift_card_details_id: card.id, data: JSON.stringify({ recipient_firstname: '' }) },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      status: false,
      input_validation: { recipient_firstname: ['Please enter a firstname'] },
    });
    const now = await call<Details>(
      t.app,
      'GET',
      `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${card.id}`,
      {
        headers: shopper.headers,
      },
    );
    expect(now.body.data.recipient_firstname).toBe(card.recipient_firstname);
  });

  it('another member’s card answers 404', async () => {
    const { card } = await aCard(other);
    const reply = await call(t.app, 'POST', `${NS}/editgiftcarddetails`, {
      headers: shopper.headers,
      payload: { gift_card_details_id: card.id, data: JSON.stringify(aRecipient()) },
    });
    expect(reply.status).toBe(404);
  });
});

describe('savegiftcardscheduleddate', () => {
  it('[API-40, GIFTF-05, GIFT-03, CONST-26] saves the wall time and zone; valid until 3 years from it', async () => {
    const { card } = await aCard();
    const reply = await scheduleGiftCard(t.app, shopper, card.id, '2026-11-22 10:00:00', 'Australia/Perth');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      scheduled_delivery: '2026-11-22 10:00:00',
      delivery_timezone: 'Australia/Perth',
      valid_until: '2029-11-22 10:00:00',
    });
    const row = await t.db
      .selectFrom('gift_card_details')
      .select(['scheduled_at'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    // Perth is UTC+8 all year.
    expect(row.scheduled_at?.toISOString()).toBe('2026-11-22T02:00:00.000Z');
  });

  it('[GIFTF-03, CONST-22] Send Now: the current time in Australia/Sydney is accepted, also seconds late', async () => {
    const { card } = await aCard();
    const now = utcToZonedWallTime(t.clock.now(), 'Australia/Sydney');
    expect(now).toBe('2026-11-21 11:00:00');
    t.clock.advance(40_000); // the request reaches the server 40 s after the phone read its clock
    const reply = await scheduleGiftCard(t.app, shopper, card.id, now, 'Australia/Sydney');
    expect(reply.status).toBe(200);
    expect(reply.body.data.scheduled_delivery).toBe('2026-11-21 11:00:00');
  });

  it('[VAL-52] a time in the past in the chosen zone answers "Date must not be in the past"', async () => {
    const { card } = await aCard();
    // 10:00 in Perth is 13:00 in Sydney: still ahead of 11:00 Sydney. 08:00 Perth (11:00 Sydney minus an hour) is past.
    const past = await scheduleGiftCard(t.app, shopper, card.id, '2026-11-21 07:00:00', 'Australia/Perth');
    expect(past.status).toBe(400);
    expect(past.body.input_validation).toEqual({ scheduled_delivery: ['Date must not be in the past'] });
    const yesterday = await scheduleGiftCard(
      t.app,
      shopper,
      card.id,
      '2026-11-20 12:00:00',
      'Australia/Sydney',
    );
    expect(yesterday.body.input_validation).toEqual({ scheduled_delivery: ['Date must not be in the past'] });
    const later = await scheduleGiftCard(t.app, shopper, card.id, '2026-11-21 09:00:00', 'Australia/Perth');
    expect(later.status).toBe(200);
  });

  it('[CONST-23] accepts every Australian zone offered and refuses others', async () => {
    const { card } = await aCard();
    for (const { zone } of AUSTRALIAN_TIME_ZONES) {
      const reply = await scheduleGiftCard(t.app, shopper, card.id, '2026-12-01 09:30:00', zone);
      expect(reply.status, zone).toBe(200);
      expect(reply.body.data.delivery_timezone).toBe(zone);
    }
    for (const zone of ['America/New_York', 'UTC', 'Pacific/Auckland', 'Not/AZone']) {
      const reply = await scheduleGiftCard(t.app, shopper, card.id, '2026-12-01 09:30:00', zone);
      expect(reply.status, zone).toBe(400);
      expect(Object.keys(reply.body.input_validation ?? {})).toEqual(['delivery_timezone']);
    }
  });

  it('[VAL-53, VAL-54] hours run 0-23 and minutes 0-59', async () => {
    const { card } = await aCard();
    const schedule = (wall: string) => scheduleGiftCard(t.app, shopper, card.id, wall, 'Australia/Sydney');
    expect((await schedule('2026-12-01 00:00:00')).status).toBe(200);
    expect((await schedule('2026-12-01 23:59:00')).body.data.scheduled_delivery).toBe('2026-12-01 23:59:00');
    for (const wall of ['2026-12-01 24:00:00', '2026-12-01 10:60:00']) {
      const reply = await schedule(wall);
      expect(reply.status, wall).toBe(400);
      expect(reply.body.input_validation).toEqual({
        scheduled_delivery: ['Please choose a valid date and time'],
      });
    }
  });

  it('refuses a malformed date and another member’s card', async () => {
    const { card } = await aCard();
    const bad = await scheduleGiftCard(t.app, shopper, card.id, '2026-02-30 10:00:00', 'Australia/Sydney');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.input_validation ?? {})).toEqual(['scheduled_delivery']);
    const theirs = await aCard(other);
    const reply = await scheduleGiftCard(
      t.app,
      shopper,
      theirs.card.id,
      '2026-12-01 10:00:00',
      'Australia/Sydney',
    );
    expect(reply.status).toBe(404);
  });
});

describe('getgiftcarddetailsbyid and getgiftcarddetailsbycart', () => {
  it('[API-41] answers the member’s card, and 404 for anyone else’s or none', async () => {
    const { card } = await aCard();
    const mine = await call<Details>(
      t.app,
      'GET',
      `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${card.id}`,
      {
        headers: shopper.headers,
      },
    );
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ status: true, data: card });
    const theirs = await call(t.app, 'GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${card.id}`, {
      headers: other.headers,
    });
    expect(theirs.status).toBe(404);
    const none = await call(t.app, 'GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=987654`, {
      headers: shopper.headers,
    });
    expect(none.status).toBe(404);
  });

  it('[API-42] lists the cart’s cards; an empty active cart is an empty list; another member’s cart 404', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25], 2);
    const empty = await call<{ status: boolean; data: unknown[] }>(
      t.app,
      'GET',
      `${NS}/getgiftcarddetailsbycart?cart_id=${line.cartId}`,
      { headers: shopper.headers },
    );
    expect(empty.body).toEqual({ status: true, data: [] });
    const first = (await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data;
    const second = (await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data;
    const list = await call<{ status: boolean; data: GiftCardDetailsWire[] }>(
      t.app,
      'GET',
      `${NS}/getgiftcarddetailsbycart?cart_id=${line.cartId}`,
      { headers: shopper.headers },
    );
    expect(list.body.status).toBe(true);
    expect(list.body.data.map((card) => card.id)).toEqual([first.id, second.id]);
    const theirs = await call(t.app, 'GET', `${NS}/getgiftcarddetailsbycart?cart_id=${line.cartId}`, {
      headers: other.headers,
    });
    expect(theirs.status).toBe(404);
  });
});

describe('savegiftcardmmstemplate', () => {
  it('[API-43, DATA-43] takes a template of getgiftcardmmstemplates: its id, mms_template_id and mms_template_url', async () => {
    const { card } = await aCard();
    const templates = await call<{
      data: { id: number; mms_template_id: number; mms_template_url: string }[];
    }>(t.app, 'GET', `${NS}/getgiftcardmmstemplates?product_id=${card.product_id}`, {
      headers: shopper.headers,
    });
    const last = templates.body.data.at(-1);
    expect(last).toMatchObject({ id: last?.mms_template_id, mms_template_url: expect.any(String) });
    const chosen = await chooseTemplate(t.app, shopper, card.id, last?.mms_template_id ?? 0);
    expect(chosen.body.data).toMatchObject({
      mms_template_id: last?.mms_template_id,
      mms_template_url: last?.mms_template_url,
    });
  });

  it('[API-43, DATA-43] saves the template named by mms_template_id, or by template_id alone', async () => {
    const { card } = await aCard();
    const [first, second] = catalogue.templateIds;
    const byBoth = await chooseTemplate(t.app, shopper, card.id, first ?? 0);
    expect(byBoth.status).toBe(200);
    expect(byBoth.body.data).toMatchObject({
      mms_template_id: first,
      mms_template_url: catalogue.templateUrls[0],
    });
    const byAlias = await call<Details>(t.app, 'POST', `${NS}/savegiftcardmmstemplate`, {
      headers: shopper.headers,
      payload: { gift_card_details_id: card.id, template_id: String(second) },
    });
    expect(byAlias.status).toBe(200);
    expect(byAlias.body.data).toMatchObject({
      mms_template_id: second,
      mms_template_url: catalogue.templateUrls[1],
    });
  });

  it('[API-43] refuses a template of another product, two different ids, and another member’s card', async () => {
    const otherProduct = await giftCardCatalogue(t.db, `GIFT${Math.floor(Math.random() * 1e6)}`);
    const { card } = await aCard();
    const foreign = await chooseTemplate(t.app, shopper, card.id, otherProduct.templateIds[0] ?? 0);
    expect(foreign.status).toBe(400);
    const differ = await call(t.app, 'POST', `${NS}/savegiftcardmmstemplate`, {
      headers: shopper.headers,
      payload: {
        gift_card_details_id: card.id,
        mms_template_id: catalogue.templateIds[0],
        template_id: catalogue.templateIds[1],
      },
    });
    expect(differ.status).toBe(400);
    const theirs = await aCard(other);
    expect((await chooseTemplate(t.app, shopper, theirs.card.id, catalogue.templateIds[0] ?? 0)).status).toBe(
      404,
    );
  });
});

describe('deletegiftcarddetailsbycartitemid and reconcilegiftcardsbycart', () => {
  it('[API-39] deletes the cart item’s cards, or only the one named', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[100], 3);
    const cards = [];
    for (let n = 0; n < 3; n++)
      cards.push((await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data);
    const one = await call<{ status: boolean; deleted: number }>(
      t.app,
      'POST',
      `${NS}/deletegiftcarddetailsbycartitemid`,
      {
        headers: shopper.headers,
        payload: { cart_id: line.cartId, cart_item_id: line.itemId, gift_card_details_id: cards[2]?.id },
      },
    );
    expect(one.body).toEqual({ status: true, deleted: 1 });
    const all = await call<{ status: boolean; deleted: number }>(
      t.app,
      'POST',
      `${NS}/deletegiftcarddetailsbycartitemid`,
      { headers: shopper.headers, payload: { cart_id: line.cartId, cart_item_id: line.itemId } },
    );
    expect(all.body).toEqual({ status: true, deleted: 2 });
  });

  it('[API-39] another member’s cart answers 404 and deletes nothing', async () => {
    const { line, card } = await aCard(other);
    const reply = await call(t.app, 'POST', `${NS}/deletegiftcarddetailsbycartitemid`, {
      headers: shopper.headers,
      payload: { cart_id: line.cartId, cart_item_id: line.itemId },
    });
    expect(reply.status).toBe(404);
    const still = await call(t.app, 'GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${card.id}`, {
      headers: other.headers,
    });
    expect(still.status).toBe(200);
  });

  it('reconciles with the cart: surplus cards removed (least complete, newest first), missing ones reported', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25], 3);
    const cards = [];
    for (let n = 0; n < 3; n++)
      cards.push((await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data);
    const [a, b, c] = cards as [GiftCardDetailsWire, GiftCardDetailsWire, GiftCardDetailsWire];
    // c is complete (scheduled and with a picture), a and b are not: c and a stay.
    await scheduleGiftCard(t.app, shopper, c.id, '2026-12-01 10:00:00', 'Australia/Sydney');
    await chooseTemplate(t.app, shopper, c.id, catalogue.templateIds[0] ?? 0);
    await call(t.app, 'PUT', `/rest/default/V1/carts/mine/items/${line.itemId}`, {
      headers: shopper.headers,
      payload: { cartItem: { qty: 2 } },
    });
    await addToCart(t.app, shopper, catalogue.skus[100], 1);
    const reply = await call<{
      status: boolean;
      data: GiftCardDetailsWire[];
      removed: number[];
      missing: { configurable_product_sku: string; count: number }[];
    }>(t.app, 'POST', `${NS}/reconcilegiftcardsbycart`, {
      headers: shopper.headers,
      payload: { cart_id: line.cartId },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.removed).toEqual([b.id]);
    expect(reply.body.data.map((card) => card.id)).toEqual([a.id, c.id]);
    expect(reply.body.missing).toMatchObject([{ configurable_product_sku: catalogue.skus[100], count: 1 }]);
  });

  it('reconciles with the quantities the web cart sends, and moves cards to the rebuilt line', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50], 2);
    await saveGiftCardDetails(t.app, shopper, line, catalogue);
    await saveGiftCardDetails(t.app, shopper, line, catalogue);
    const reply = await call<{ data: GiftCardDetailsWire[]; removed: number[] }>(
      t.app,
      'POST',
      `${NS}/reconcilegiftcardsbycart`,
      {
        headers: shopper.headers,
        payload: { cart_id: line.cartId, items: [{ sku: catalogue.skus[50], qty: 1, item_id: 4242 }] },
      },
    );
    expect(reply.body.removed).toHaveLength(1);
    expect(reply.body.data).toHaveLength(1);
    expect(reply.body.data[0]?.cart_item_id).toBe(4242);
  });
});

describe('savegiftcardorderbycart', () => {
  it('[API-44, GIFT-02] links the cards to the paid order and queues each once; a retry changes nothing', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50], 2);
    const ids: number[] = [];
    for (let n = 0; n < 2; n++) {
      const card = (await saveGiftCardDetails(t.app, shopper, line, catalogue)).body.data;
      await scheduleGiftCard(t.app, shopper, card.id, '2026-11-22 10:00:00', 'Australia/Sydney');
      await chooseTemplate(t.app, shopper, card.id, catalogue.templateIds[1] ?? 0);
      ids.push(card.id);
    }
    const orderId = await payForCart(t.app, shopper);
    const first = await saveGiftCardOrder(t.app, shopper, line.cartId, orderId);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe(true);
    expect(first.body.data?.map((card) => card.id)).toEqual(ids);
    expect(
      first.body.data?.every((card) => card.status === 'queued' && card.order_id === Number(orderId)),
    ).toBe(true);
    const again = await saveGiftCardOrder(t.app, shopper, line.cartId, orderId);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // Each card's picture message is in the outbox, once, queued with the link.
    const deliveries = await t.db
      .selectFrom('sent_messages')
      .selectAll()
      .where('gift_card_id', 'in', ids)
      .orderBy('gift_card_id')
      .execute();
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((row) => [row.purpose, row.render, row.send_state, row.kind])).toEqual([
      ['gift_card', 'gift_card', 'queued', 'mms'],
      ['gift_card', 'gift_card', 'queued', 'mms'],
    ]);
    // Due at 10:00 Sydney time the next day (AEDT, UTC+11).
    expect(deliveries.map((row) => row.next_attempt_at?.toISOString())).toEqual([
      '2026-11-21T23:00:00.000Z',
      '2026-11-21T23:00:00.000Z',
    ]);
  });

  it('[API-44] accepts the increment id the success lookup answers', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25]);
    await saveGiftCardDetails(t.app, shopper, line, catalogue);
    const orderId = await payForCart(t.app, shopper);
    const success = await call<{ data: { order_id: string } }>(t.app, 'GET', `${NS}/checkoutsuccess`, {
      headers: shopper.headers,
    });
    const increment = success.body.data.order_id;
    expect(increment).toMatch(/^\d{9}$/);
    const reply = await saveGiftCardOrder(t.app, shopper, line.cartId, increment);
    expect(reply.status).toBe(200);
    expect(reply.body.data?.[0]?.order_id).toBe(Number(orderId));
  });

  it('[API-44] a card missing its schedule or picture is still sent: now, with the first picture', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[25]);
    await saveGiftCardDetails(t.app, shopper, line, catalogue);
    const orderId = await payForCart(t.app, shopper);
    const reply = await saveGiftCardOrder(t.app, shopper, line.cartId, orderId);
    expect(reply.body.data?.[0]).toMatchObject({
      scheduled_delivery: '2026-11-21 11:00:00',
      delivery_timezone: 'Australia/Sydney',
      valid_until: '2029-11-21 11:00:00',
      mms_template_id: catalogue.templateIds[0],
    });
  });

  it('[API-44] never links more cards than were paid for', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50], 1);
    for (let n = 0; n < 3; n++) await saveGiftCardDetails(t.app, shopper, line, catalogue);
    const orderId = await payForCart(t.app, shopper);
    const reply = await saveGiftCardOrder(t.app, shopper, line.cartId, orderId);
    expect(reply.body.data).toHaveLength(1);
  });

  it('[ERR-10] a paid gift card without details fails the save (the client shows Error Processing)', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50], 2);
    await saveGiftCardDetails(t.app, shopper, line, catalogue);
    const orderId = await payForCart(t.app, shopper);
    const reply = await saveGiftCardOrder(t.app, shopper, line.cartId, orderId);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('1 gift card of this order has no recipient details.');
    // The card that has details is still on its way.
    const queued = await t.db
      .selectFrom('gift_card_details')
      .select('order_id')
      .where('cart_id', '=', line.cartId)
      .execute();
    expect(queued.map((row) => row.order_id)).toEqual([Number(orderId)]);
  });

  it('[API-44] needs the bot check token', async () => {
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    await saveGiftCardDetails(t.app, shopper, line, catalogue);
    const orderId = await payForCart(t.app, shopper);
    expect((await saveGiftCardOrder(t.app, shopper, line.cartId, orderId, null)).status).toBe(400);
    expect((await saveGiftCardOrder(t.app, shopper, line.cartId, orderId, '')).status).toBe(400);
  });

  it('[API-44] another member’s order or cart answers 404; a cart not yet ordered 409', async () => {
    const theirs = await aPaidGiftCard(t, other, catalogue);
    const mine = await aPaidGiftCard(t, shopper, catalogue);
    // Their order with my cart, my order with their cart: nothing reveals that either exists.
    expect((await saveGiftCardOrder(t.app, shopper, mine.cartId, theirs.orderId)).status).toBe(404);
    expect((await saveGiftCardOrder(t.app, shopper, theirs.cartId, mine.orderId)).status).toBe(404);
    // A cart still active has not been paid for.
    const active = await buyGiftCard(t.app, shopper, catalogue.skus[25]);
    await saveGiftCardDetails(t.app, shopper, active, catalogue);
    expect((await saveGiftCardOrder(t.app, shopper, active.cartId, mine.orderId)).status).toBe(409);
  });

  it('[API-44] an order’s cards come from one cart only', async () => {
    const first = await aPaidGiftCard(t, shopper, catalogue);
    const second = await aPaidGiftCard(t, shopper, catalogue);
    const crossed = await saveGiftCardOrder(t.app, shopper, second.cartId, first.orderId);
    expect(crossed.status).toBe(409);
  });

  it('[API-44] an ordered card can no longer be edited, rescheduled, re-pictured or deleted', async () => {
    const { cards, cartId } = await aPaidGiftCard(t, shopper, catalogue);
    const card = cards[0] as GiftCardDetailsWire;
    const edit = await call(t.app, 'POST', `${NS}/editgiftcarddetails`, {
      headers: shopper.headers,
      payload: { gift_card_details_id: card.id, data: JSON.stringify(aRecipient()) },
    });
    expect(edit.status).toBe(409);
    expect(
      (await scheduleGiftCard(t.app, shopper, card.id, '2026-12-24 09:00:00', 'Australia/Sydney')).status,
    ).toBe(409);
    expect((await chooseTemplate(t.app, shopper, card.id, catalogue.templateIds[2] ?? 0)).status).toBe(409);
    const deleted = await call(t.app, 'POST', `${NS}/deletegiftcarddetailsbycartitemid`, {
      headers: shopper.headers,
      payload: { cart_id: cartId, cart_item_id: card.cart_item_id },
    });
    expect(deleted.status).toBe(409);
    // The ordered cart's cards are still the member's to read.
    const list = await call<{ data: GiftCardDetailsWire[] }>(
      t.app,
      'GET',
      `${NS}/getgiftcarddetailsbycart?cart_id=${cartId}`,
      { headers: shopper.headers },
    );
    expect(list.body.data.map((item) => item.id)).toEqual([card.id]);
  });

  it('a bearer token that expired answers 401', async () => {
    const { card } = await aCard();
    t.clock.advance(2 * 60 * 60 * 1000);
    const reply = await call(t.app, 'GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${card.id}`, {
      headers: shopper.headers,
    });
    expect(reply.status).toBe(401);
    const token = await issueCustomerToken(t.db, shopper.id, t.clock);
    const again = await call(t.app, 'GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${card.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(200);
  });
});
