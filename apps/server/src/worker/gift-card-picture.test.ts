import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue, parseCatalogueFile } from '../modules/catalog/catalog-importer.ts';
import { mmsPictureUrl } from '../modules/giftcards/gift-card-message.ts';
import { aGiftCardSender } from '../modules/giftcards/test/gift-card-sender.ts';
import { pictureReferences, storeCataloguePictures } from '../modules/media/catalogue-pictures.ts';
import { makePicture } from '../modules/media/test-pictures.ts';
import { aShopper } from '../test/cart-factory.ts';
import { aCatalogue, aGiftCard, aSeller } from '../test/catalog-factory.ts';
import { aPaidGiftCard, GIFT_SKU, type GiftCardCatalogue } from '../test/gift-card-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// [GIFT-01] A gift card's picture message carries the picture its template was imported with: the
// template's picture file goes into the media store with the catalogue, and the MMS names its PNG or
// JPEG rendition, which the storefront serves to the carrier.

const PUBLIC_URL = 'https://shop.example.com';
let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-21T00:00:00Z');
  dir = mkdtempSync(join(tmpdir(), 'quokka-gift-pictures-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function file(name: string, bytes: Promise<Buffer>) {
  writeFileSync(join(dir, name), await bytes);
  return name;
}

describe('[GIFT-01] the picture of a gift card’s MMS', () => {
  it('[GIFT-01] is the imported template picture, as a JPEG the storefront serves', async () => {
    const template = await file(
      'birthday.jpg',
      makePicture('jpeg', { width: 640, height: 400, hue: '#d04070' }),
    );
    const transparent = await file(
      'thanks.png',
      makePicture('png', { width: 640, height: 400, alpha: true }),
    );
    const card = await file('card.jpg', makePicture('jpeg', { width: 500, height: 310 }));
    const logo = await file('logo.png', makePicture('png', { width: 240, height: 240 }));
    const parsed = parseCatalogueFile(
      aCatalogue({
        sellers: [aSeller({ logo_url: logo, banner_url: logo })],
        products: [
          aGiftCard(GIFT_SKU, {
            images: [card],
            mms_templates: [
              { code: 'birthday', name: 'Birthday', image_url: template },
              { code: 'thanks', name: 'Thank You', image_url: transparent },
            ],
          }),
        ],
      }),
    );
    const stored = await storeCataloguePictures(
      t.db,
      t.config,
      { file: parsed, pictureLocations: pictureReferences(parsed), warnings: [] },
      { baseDir: dir, library: t.app.deps.media },
    );
    await importCatalogue(t.db, stored);

    const product = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', GIFT_SKU)
      .executeTakeFirstOrThrow();
    const templates = await t.db
      .selectFrom('mms_templates')
      .select(['id', 'image_url'])
      .where('product_id', '=', product.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const catalogue: GiftCardCatalogue = {
      productId: product.id,
      skus: { 25: `${GIFT_SKU}-25`, 50: `${GIFT_SKU}-50`, 100: `${GIFT_SKU}-100` },
      templateIds: templates.map((row) => row.id),
      templateUrls: templates.map((row) => row.image_url),
    };
    expect(catalogue.templateUrls[0]).toMatch(/^\/media\/templates\/[0-9a-f]{32}\.jpg$/);
    expect(catalogue.templateUrls[1]).toMatch(/^\/media\/templates\/[0-9a-f]{32}\.png$/);

    const shopper = await aShopper(t);
    const { cards } = await aPaidGiftCard(t, shopper, catalogue, {});
    expect(cards).toHaveLength(1);
    const outbox = t.app.deps.providers.outbox;
    if (!outbox) throw new Error('the test app runs messaging in sandbox mode');
    // Its picture message, then the purchaser's receipt it queues.
    expect(await aGiftCardSender(t, { publicUrl: PUBLIC_URL }).runOnce()).toBe(2);
    const mms = (await outbox.list(100)).find((message) => message.kind === 'mms');
    expect(mms?.media_url).toBe(`${PUBLIC_URL}${catalogue.templateUrls[0]}`);

    // What the carrier fetches: the picture, as JPEG, of the imported template's size.
    const reply = await t.app.inject(new URL(mms?.media_url ?? '').pathname);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(reply.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 400]);
  }, 60_000);

  it('[GIFT-01] asks for a PNG when a template names a drawing or a format carriers do not take', () => {
    expect(mmsPictureUrl('/media/templates/abc-0123456789.svg', PUBLIC_URL)).toBe(
      `${PUBLIC_URL}/media/templates/abc-0123456789.png`,
    );
    expect(mmsPictureUrl('/media/templates/abc.webp', `${PUBLIC_URL}/`)).toBe(
      `${PUBLIC_URL}/media/templates/abc.png`,
    );
    expect(mmsPictureUrl('/media/templates/abc.jpg', PUBLIC_URL)).toBe(
      `${PUBLIC_URL}/media/templates/abc.jpg`,
    );
    expect(mmsPictureUrl('https://cdn.example.org/x.png', PUBLIC_URL)).toBe('https://cdn.example.org/x.png');
  });
});
