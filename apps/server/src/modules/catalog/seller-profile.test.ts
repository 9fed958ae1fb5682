// [I32] The seller's profile from the back office, through app.inject on the real app and database: a
// seller's staff edit their own seller's (another seller's is 404), an operator names the seller; the
// storefront shows the change at once (its cached reply dropped); bad input is a clear 400; audited.

import type { SellerInformationReply } from '@quokka/contract/api/catalog';
import type { SellerProfile } from '@quokka/contract/api/staff-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePicture } from '../media/test-pictures.ts';
import { ORIGIN, type Session, sellerId, signedIn } from '../orders/test/orders-test-kit.ts';

const ns = '/rest/default/V1/storefront';
let t: TestApp;
let vendor: Session; // Harbour Goods
let otherVendor: Session; // Outback Outfitters
let operator: Session;
let harbour: number;
let outback: number;

function call(
  session: Session | undefined,
  method: 'GET' | 'PUT',
  path: string,
  payload?: unknown,
  contentType?: string,
) {
  return t.app.inject({
    method,
    url: `/admin/api${path}`,
    headers: {
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function sellerInformation(url: string) {
  const reply = await t.app.inject({ method: 'GET', url: `${ns}/sellerInformation?seller_url=${url}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<SellerInformationReply>().seller;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    products: [aSimpleProduct('MUG-1', { name: 'Harbour Mug' })],
  });
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  otherVendor = await signedIn(t, 'vendor', { sellerUrl: 'outback-outfitters', name: 'Olive Outback' });
  operator = await signedIn(t, 'operator');
}, 120_000);
afterAll(() => t?.close());

describe('[I32] the seller’s profile', { timeout: 120_000 }, () => {
  it('a vendor reads and saves their own profile; the storefront shows it at once; audited', async () => {
    const read = await call(vendor, 'GET', '/seller-profile');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      seller_id: harbour,
      seller_url: 'harbour-goods',
      name: 'Harbour Goods',
      description: 'All about harbour-goods.',
      shipping_info: '',
      logo_url: '/media/sellers/harbour-goods-logo.png',
      banner_url: '/media/sellers/harbour-goods-banner.png',
    });
    // The storefront's reply is cached now.
    expect((await sellerInformation('harbour-goods')).name).toBe('Harbour Goods');

    const saved = await call(vendor, 'PUT', '/seller-profile', {
      name: '  Harbour   Goods Co ',
      description: 'Mugs made by the harbour.\nFired in Hobart.',
      shipping_info: 'Sent from Hobart within 2 days.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Harbour Goods Co',
      description: 'Mugs made by the harbour.\nFired in Hobart.',
      shipping_info: 'Sent from Hobart within 2 days.',
    });
    const shown = await sellerInformation('harbour-goods');
    expect(shown).toMatchObject({
      name: 'Harbour Goods Co',
      description: 'Mugs made by the harbour.\nFired in Hobart.',
    });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('subject', '=', `seller:${harbour}`)
      .execute();
    expect(audit).toEqual([
      {
        action: 'seller.profile_updated',
        staff_id: vendor.member.id,
        before: { name: 'Harbour Goods', description: 'All about harbour-goods.', shipping_info: '' },
        after: {
          name: 'Harbour Goods Co',
          description: 'Mugs made by the harbour.\nFired in Hobart.',
          shipping_info: 'Sent from Hobart within 2 days.',
        },
      },
    ]);
  });

  it('a logo and a banner go through the media store and show on the storefront at once', async () => {
    expect((await sellerInformation('harbour-goods')).image).toBe('/media/sellers/harbour-goods-logo.png');
    const logo = await call(vendor, 'PUT', '/seller-profile/logo', await makePicture('png'), 'image/png');
    expect(logo.statusCode, logo.body).toBe(200);
    const { logo_url } = logo.json<SellerProfile>();
    expect(logo_url).toMatch(/^\/media\/products\/[\w-]+\.\w+$/);
    const banner = await call(
      vendor,
      'PUT',
      '/seller-profile/banner',
      await makePicture('jpeg'),
      'image/jpeg',
    );
    expect(banner.statusCode, banner.body).toBe(200);
    const { banner_url } = banner.json<SellerProfile>();
    const shown = await sellerInformation('harbour-goods');
    expect([shown.image, shown.banner_image]).toEqual([logo_url, banner_url]);
    expect((await t.app.inject(logo_url)).statusCode).toBe(200);

    const notPicture = await call(vendor, 'PUT', '/seller-profile/logo', Buffer.from('hello'), 'image/png');
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json().message).toMatch(/^The photo /);
    const json = await call(vendor, 'PUT', '/seller-profile/banner', { url: 'x' });
    expect([json.statusCode, json.json().message]).toEqual([
      400,
      expect.stringMatching(/^Send the photo itself/),
    ]);
    const text = await call(vendor, 'PUT', '/seller-profile/banner', 'hello', 'text/plain');
    expect([text.statusCode, text.json().message]).toEqual([
      400,
      expect.stringMatching(/^Send the photo itself/),
    ]);
    expect((await call(vendor, 'GET', '/seller-profile')).json().banner_url).toBe(banner_url);
  });

  it('seller isolation: another seller’s profile is 404 to a vendor; an operator names the seller', async () => {
    for (const [method, path, payload] of [
      ['GET', `/seller-profile?seller_id=${harbour}`, undefined],
      [
        'PUT',
        `/seller-profile?seller_id=${harbour}`,
        { name: 'Taken Over', description: '', shipping_info: '' },
      ],
    ] as const) {
      const reply = await call(otherVendor, method, path, payload);
      expect([reply.statusCode, reply.json().message]).toEqual([404, 'There is no such seller.']);
    }
    const picture = await call(
      otherVendor,
      'PUT',
      `/seller-profile/logo?seller_id=${harbour}`,
      await makePicture('png'),
      'image/png',
    );
    expect(picture.statusCode).toBe(404);
    expect((await sellerInformation('harbour-goods')).name).toBe('Harbour Goods Co');
    // Their own, by id or without.
    expect((await call(otherVendor, 'GET', `/seller-profile?seller_id=${outback}`)).json().name).toBe(
      'Outback Outfitters',
    );

    const unnamed = await call(operator, 'GET', '/seller-profile');
    expect([unnamed.statusCode, unnamed.json().message]).toEqual([
      400,
      'Choose the seller whose profile to edit (seller_id).',
    ]);
    expect((await call(operator, 'GET', '/seller-profile?seller_id=999999')).statusCode).toBe(404);
    const edited = await call(operator, 'PUT', `/seller-profile?seller_id=${outback}`, {
      name: 'Outback Outfitters',
      description: 'Hats and tees for the bush.',
      shipping_info: 'Sent from Alice Springs.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await sellerInformation('outback-outfitters')).description).toBe('Hats and tees for the bush.');
    expect((await call(undefined, 'GET', '/seller-profile')).statusCode).toBe(401);
  });

  it('bad input is a clear 400 and changes nothing', async () => {
    const base = { name: 'Harbour Goods Co', description: '', shipping_info: '' };
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ ...base, name: ' ' }, { name: ['must be 2 to 100 characters'] }],
      [{ ...base, name: 'x'.repeat(101) }, { name: [expect.stringMatching(/100/)] }],
      [{ ...base, description: 'x'.repeat(5001) }, { description: [expect.stringMatching(/5000/)] }],
      [{ ...base, shipping_info: 'bad\u0000' }, { shipping_info: ['must not contain control characters'] }],
    ];
    for (const [body, fields] of cases) {
      const reply = await call(vendor, 'PUT', '/seller-profile', body);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json().input_validation).toEqual(fields);
    }
    const missing = await call(vendor, 'PUT', '/seller-profile', { name: 'Harbour Goods Co' });
    expect(missing.statusCode).toBe(400);
    const extra = await call(vendor, 'PUT', '/seller-profile', { ...base, logo_url: '/evil.png' });
    expect(extra.statusCode).toBe(400);
    const taken = await call(vendor, 'PUT', '/seller-profile', { ...base, name: 'outback outfitters' });
    expect([taken.statusCode, taken.json().message]).toEqual([
      400,
      'Another seller is called "outback outfitters": choose another name.',
    ]);
    expect((await call(vendor, 'GET', '/seller-profile')).json()).toMatchObject({
      name: 'Harbour Goods Co',
      shipping_info: 'Sent from Hobart within 2 days.',
    });
  });
});
