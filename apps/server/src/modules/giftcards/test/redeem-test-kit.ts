import type { GiftCardDetails as GiftCardDetailsWire } from '@quokka/contract/api/giftcards';
import { aShopper } from '../../../test/cart-factory.ts';
import { aGiftCard, aSeller, importTestCatalogue } from '../../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../../test/customer-factory.ts';
import {
  aPaidGiftCard,
  type GiftCardCatalogue,
  type PaidGiftCardOptions,
} from '../../../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ORIGIN } from '../../orders/test/orders-test-kit.ts';
import { aGiftCardSender } from './gift-card-sender.ts';

// [I16-redeem] Test support for in-store redemption: the real app on a fresh database (PGlite, or
// TEST_DATABASE_URL), two sellers each with a gift card product, cards bought through the shopper API and
// sent by the outbox's real sender (sandbox provider). Fixed clock: 2026-11-21T00:00:00Z (11:00 Sydney).

export const START = '2026-11-21T00:00:00Z';

export async function redeemTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN, ...settings });
  t.clock.set(START);
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [aGiftCard('GIFT'), aGiftCard('OGIFT', { seller: 'outback-outfitters' })],
  });
  return t;
}

export async function catalogueOf(t: TestApp, sku: 'GIFT' | 'OGIFT'): Promise<GiftCardCatalogue> {
  const product = await t.db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  const templates = await t.db
    .selectFrom('mms_templates')
    .select(['id', 'image_url'])
    .where('product_id', '=', product.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return {
    productId: product.id,
    skus: { 25: `${sku}-25`, 50: `${sku}-50`, 100: `${sku}-100` },
    templateIds: templates.map((template) => template.id),
    templateUrls: templates.map((template) => template.image_url),
  };
}

/** Runs the outbox's sender once: every card due now is sent (its picture message, then its receipt). */
export async function deliverDue(t: TestApp) {
  return aGiftCardSender(t, { publicUrl: ORIGIN }).runOnce();
}

export interface TestCard {
  id: number;
  number: string;
  orderId: number;
  card: GiftCardDetailsWire;
}

/** A card bought (approved at once: ORDER_REVIEW=auto) and, unless `send: false`, sent now. */
export async function aCard(
  t: TestApp,
  sku: 'GIFT' | 'OGIFT' = 'GIFT',
  options: PaidGiftCardOptions & { send?: boolean } = {},
): Promise<TestCard> {
  const shopper = await aShopper(t);
  const paid = await aPaidGiftCard(t, shopper, await catalogueOf(t, sku), { amount: 50, ...options });
  const card = paid.cards[0] as GiftCardDetailsWire;
  if (options.send !== false) await deliverDue(t);
  const row = await t.db
    .selectFrom('gift_card_details')
    .select(['id', 'gift_card_no', 'order_id'])
    .where('id', '=', card.id)
    .executeTakeFirstOrThrow();
  return { id: row.id, number: row.gift_card_no, orderId: Number(row.order_id), card };
}

/** '1234 5678 9012 3456' as a shop assistant would type it. */
export const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
