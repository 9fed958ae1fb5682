import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCall,
  anOrder,
  ORIGIN,
  ordersTestApp,
  outbox,
  RP_ID,
  type Session,
  sellerId,
  stepUp,
} from '../modules/orders/test/orders-test-kit.ts';
import { createStaffAccounts } from '../modules/staff/staff-accounts.ts';
import { STAFF_API_PREFIX } from '../modules/staff/staff-back-office.ts';
import { aCartItem, aShopper, call, NS, REST, type Reply, type Shopper } from '../test/cart-factory.ts';
import {
  aCategory,
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../test/catalog-factory.ts';
import { aLinkToken, aMobile, aRegistration, TEST_AUTH_SECRET } from '../test/customer-factory.ts';
import {
  aRecipient,
  buyGiftCard,
  type GiftCardCatalogue,
  giftCardCatalogue,
} from '../test/gift-card-factory.ts';
import { SoftwareAuthenticator } from '../test/software-authenticator.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { API_PREFIXES, DOCUMENTED_PREFIX } from './api-prefix.ts';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.ts';
import { BACK_OFFICE_DOCS_PATH, BACK_OFFICE_OPENAPI_PATH } from './openapi-back-office.ts';

// The published reference (SPEC.md §7; http/openapi.ts): /openapi.json and /docs/api answer, and the
// live replies of the main journeys validate against the response schema the document publishes for
// their path, method and status. Objects in the document are closed (additionalProperties: false) and
// list their required fields, so a reply that gains or loses a field fails here.

// ajv-formats is CommonJS: its default export is the function under `default` when loaded as ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, unknown> };
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
  tags?: string[];
  security?: Record<string, string[]>[];
}
interface ResponseObject {
  content?: Record<string, { schema: unknown }>;
}

let t: TestApp;
let document: OpenApiDocument;
let ajv: Ajv2020;
const checked = new Set<string>();

/** A published document and the validator holding it (under the id 'openapi'). */
interface Published {
  document: OpenApiDocument;
  ajv: Ajv2020;
  checked: Set<string>;
}

/** A validator holding a document, so its component references resolve. */
function validatorOf(published: OpenApiDocument): Ajv2020 {
  const validator = new Ajv2020({ strict: false, allErrors: true });
  addFormats(validator);
  validator.addSchema({ $id: 'openapi', components: published.components });
  return validator;
}

/** The documented path template a live URL stands for: the store prefix made the documented one. */
function documentedPath(url: string, paths: OpenApiDocument['paths'] = document.paths): string {
  const bare = url.split('?')[0] ?? url;
  const prefix = API_PREFIXES.find((candidate) => bare.startsWith(`${candidate}/`));
  const path = prefix ? `${DOCUMENTED_PREFIX}${bare.slice(prefix.length)}` : bare;
  if (paths[path]) return path;
  const parts = path.split('/');
  const template = Object.keys(paths).find((candidate) => {
    const pieces = candidate.split('/');
    return (
      pieces.length === parts.length &&
      pieces.every((piece, index) => /^\{.+\}$/.test(piece) || piece === parts[index])
    );
  });
  if (!template) throw new Error(`${path} is not in the document`);
  return template;
}

/** The errors of a reply body against the document's schema for its path, method and status. */
function replyErrors(
  method: string,
  url: string,
  status: number,
  body: unknown,
  published: Published = { document, ajv, checked },
): string[] {
  const path = documentedPath(url, published.document.paths);
  const operation = published.document.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  const schema = operation.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no ${status} reply`);
  published.checked.add(`${method} ${path} ${status}`);
  // Component references resolve against the document, which ajv holds under the id 'openapi'.
  const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
  const validate = published.ajv.compile(resolved);
  return validate(body)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

/** A call through the app whose reply must match the document. */
async function documented<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; payload?: unknown; status?: number } = {},
): Promise<Reply<T>> {
  const reply = await call<T>(t.app, method, url, options);
  expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(options.status ?? 200);
  expect(replyErrors(method, url, reply.status, reply.body), `${method} ${url}`).toEqual([]);
  return reply;
}

let catalogue: GiftCardCatalogue;
let productId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET });
  catalogue = await giftCardCatalogue(t.db);
  await importTestCatalogue(t.db, {
    sellers: [aSeller(), aSeller({ seller_url: 'outback-outfitters' })],
    categories: [aCategory('tops'), aCategory('tees', 'tops')],
    products: [
      aSimpleProduct('MUG-1', { categories: ['tops'] }),
      aConfigurableProduct('TEE-1', { seller: 'outback-outfitters', categories: ['tees'] }),
    ],
  });
  const product = await t.db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', 'MUG-1')
    .executeTakeFirstOrThrow();
  productId = product.id;
  const published = await t.app.inject({ url: OPENAPI_PATH });
  document = published.json() as OpenApiDocument;
  ajv = validatorOf(document);
  const categories = await call<{ entity_id: number; value: string; children: { entity_id: number }[] }[]>(
    t.app,
    'GET',
    `${NS}/categories`,
  );
  categoryId = categories.body[0]?.entity_id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI reference', () => {
  it('[API-01] /openapi.json is an OpenAPI 3 document of the calls, each listed once', async () => {
    const reply = await t.app.inject({ url: OPENAPI_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths).toContain(`${DOCUMENTED_PREFIX}/carts/mine`);
    expect(paths).toContain(`${DOCUMENTED_PREFIX}/storefront/product`);
    // The same calls under /rest/au/V1 and /rest/V1 are not listed again; the web app's pages are not API.
    expect(
      paths.filter((path) => path.startsWith('/rest/') && !path.startsWith(`${DOCUMENTED_PREFIX}/`)),
    ).toEqual([]);
    expect(paths).not.toContain('/');
    // Member calls say they need the bearer token; every call is filed under its module's tag.
    expect(document.paths[`${DOCUMENTED_PREFIX}/carts/mine`]?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths[`${DOCUMENTED_PREFIX}/storefront/product`]?.get).toMatchObject({
      tags: ['Catalogue'],
    });
    expect(document.paths[`${DOCUMENTED_PREFIX}/storefront/product`]?.get?.security).toBeUndefined();
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Product', 'Quote', 'Customer', 'Order', 'GiftCardDetails', 'ErrorReply']),
    );
  });

  it('[API-01] every documented call declares its reply, and every error status the one error shape', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith(`${DOCUMENTED_PREFIX}/`)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses ?? {};
        expect(responses['200']?.content?.['application/json']?.schema, `${method} ${path}`).toBeDefined();
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) >= 400) {
            expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
              $ref: '#/components/schemas/ErrorReply',
            });
          }
        }
      }
    }
  });

  it('/docs/api is a readable reference page whose scripts come from our own origin', async () => {
    const reply = await t.app.inject({ url: DOCS_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body).toContain('<title>Quokka API reference</title>');
    const scripts = [...reply.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    // No CDN and no inline script: the app's CSP (script-src 'self') holds for the page.
    expect(reply.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of scripts) {
      expect(src.startsWith(`${DOCS_PATH}/`), src).toBe(true);
      const asset = await t.app.inject({ url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    }
    expect(String(reply.headers['content-security-policy'])).toContain("script-src 'self'");
    // The page reads the same document.
    const json = await t.app.inject({ url: `${DOCS_PATH}/json` });
    expect(json.json()).toEqual(document);
  });

  it('a reply that gains or loses a field no longer matches the document', async () => {
    const reply = await call<Record<string, unknown>>(t.app, 'GET', `${NS}/product?product_id=${productId}`);
    expect(replyErrors('GET', `${NS}/product`, 200, reply.body)).toEqual([]);
    const { name: _dropped, ...without } = reply.body;
    expect(replyErrors('GET', `${NS}/product`, 200, without)).not.toEqual([]);
    expect(replyErrors('GET', `${NS}/product`, 200, { ...reply.body, surprise: 1 })).not.toEqual([]);
  });
});

describe('the main journeys validate against the published document', () => {
  it('[API-09..16] browsing: categories, lists, a product, its seller and pictures', async () => {
    await documented('GET', `${NS}/categories`);
    await documented('GET', `${NS}/browseProducts?page=1`);
    await documented('GET', `${NS}/categoryProducts?category_id=${categoryId}&page=1`);
    // [I33] Search with filters, a typo's suggestion, the suggestions while typing, a bad sort.
    await documented('GET', `${NS}/search?q=tee&size=M&in_stock=1&sort=price_asc`);
    await documented('GET', `${NS}/search?q=tea&page=2`);
    await documented('GET', `${NS}/searchSuggestions?q=te`);
    await documented('GET', `${NS}/search?sort=cheap`, { status: 400 });
    await documented('GET', `${NS}/product?product_id=${productId}`);
    const tee = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'TEE-1')
      .executeTakeFirstOrThrow();
    await documented('GET', `${NS}/product?product_id=${tee.id}`);
    await documented('GET', `${NS}/product?product_id=999999`); // {status:false, not_exists:true}
    await documented('GET', `${NS}/seller?product_id=${productId}`);
    await documented('GET', `${NS}/sellerInformation?seller_url=harbour-goods`);
    await documented('GET', `${NS}/sellerInformation?seller_url=nobody`, { status: 404 });
    await documented('GET', `${NS}/getgiftcardmmstemplates?product_id=${catalogue.productId}`);
    await documented('GET', `${REST}/products-render-info?searchCriteria[pageSize]=5`);
    await documented('GET', `/rest/V1/products-render-info?searchCriteria[page_size]=5`);
    // [I33] Magento clients' searchCriteria: a filter and a sort order, and a field it does not read.
    const sku = 'searchCriteria[filter_groups][0][filters][0]';
    const mugs = `${sku}[field]=sku&${sku}[value]=MUG-%25&${sku}[condition_type]=like`;
    await documented('GET', `${REST}/products?${mugs}&searchCriteria[sortOrders][0][field]=price`);
    await documented('GET', `${REST}/products-render-info?${mugs}&searchCriteria[sortOrders][0][field]=name`);
    await documented('GET', `${REST}/products?${sku}[field]=colour&${sku}[value]=Red`, { status: 400 });
    await documented('GET', `${NS}/product?product_id=x`, { status: 400 });
  });

  it('[API-06..08, API-17..19] signing in with a code, registering, then signing in as a member', async () => {
    const mobile = aMobile();
    const remoteAddress = '10.9.0.1';
    const sent = await t.app.inject({
      method: 'POST',
      url: `${NS}/sendmobilecode`,
      payload: { mobile, r_token: 'sandbox-token' },
      remoteAddress,
    });
    expect(sent.statusCode).toBe(200);
    expect(replyErrors('POST', `${NS}/sendmobilecode`, 200, sent.json())).toEqual([]);
    const messages = (await t.app.inject('/dev/messages.json')).json() as { to: string; body: string }[];
    const code = /\b(\d{6})\b/.exec(messages.find((message) => message.to === mobile)?.body ?? '')?.[1];
    expect(code).toBeDefined();
    const confirmed = await documented<{ jwt: string }>('POST', `${NS}/confirmmobilecode`, {
      payload: { mobile, code, expired: false, expired_jwt: null, r_token: 'sandbox-token' },
    });
    const { jwt } = confirmed.body;
    const newUser = await documented<{ new_user?: true }>('POST', `${NS}/auth`, {
      payload: { jwt, autologin: true },
    });
    expect(newUser.body.new_user).toBe(true);
    await documented('POST', `${REST}/customers/isEmailAvailable`, {
      payload: { customerEmail: `new${mobile.slice(-6)}@example.com`, jwt },
    });
    await documented('POST', `${NS}/createAccount`, {
      payload: aRegistration(mobile, { jwt, r_token: 'sandbox-token' }),
    });
    const member = await documented<{ existing_user?: true; token: string }>('POST', `${NS}/auth`, {
      payload: { jwt, autologin: true },
    });
    expect(member.body.existing_user).toBe(true);
    const headers = { authorization: `Bearer ${member.body.token}` };
    await documented('GET', `${REST}/customers/me`, { headers });
    await documented('POST', `${NS}/signout`, { headers });
    await documented('GET', `${REST}/customers/me`, { headers, status: 401 });
    await documented('POST', `${NS}/signouteverywhere`, { headers, status: 401 });
    await documented('POST', `${NS}/createAccount`, { payload: {}, status: 400 });
  });

  it('[API-20..36] cart, shipping, payment, the success page, orders and the account', async () => {
    const shopper: Shopper = await aShopper(t);
    const headers = shopper.headers;
    await documented('POST', `${REST}/carts/mine`, { headers });
    const added = await documented<{ item_id: number }>('POST', `${REST}/carts/mine/items`, {
      headers,
      payload: aCartItem('MUG-1', 2),
    });
    await documented('POST', `${REST}/carts/mine/items`, {
      headers,
      payload: aCartItem('MUG-1', 999), // [ERR-06] more than in stock
      status: 400,
    });
    await documented('PUT', `${REST}/carts/mine/items/${added.body.item_id}`, {
      headers,
      payload: { cartItem: { qty: 1 } },
    });
    await documented('GET', `${REST}/carts/mine`, { headers });
    await documented('GET', `${REST}/carts/mine/items`, { headers });
    await documented('GET', `${NS}/shippingmethods`, { headers });
    await documented('POST', `${REST}/carts/mine/estimate-shipping-methods-by-address-id`, {
      headers,
      payload: { addressId: shopper.addressId },
    });
    const me = await documented<{ addresses: Record<string, unknown>[] }>('GET', `${REST}/customers/me`, {
      headers,
    });
    const saved = me.body.addresses[0] ?? {};
    await documented('POST', `${REST}/carts/mine/estimate-shipping-methods`, {
      headers,
      payload: { address: { ...saved, id: undefined, customer_address_id: undefined } },
    });
    await documented('GET', `${NS}/places?query=Richmond`, { headers });
    await documented('POST', `/rest/au/V1/carts/mine/shipping-information`, {
      headers,
      payload: {
        addressInformation: {
          shipping_address: { customer_address_id: shopper.addressId },
          billing_address: { customer_address_id: shopper.addressId },
        },
      },
    });
    await documented('GET', `${NS}/savedcards`, { headers });
    const placed = await documented<string>('POST', `${REST}/carts/mine/payment-information`, {
      headers,
      payload: {
        billingAddress: { customer_address_id: shopper.addressId },
        paymentMethod: {
          method: 'stripe_payments',
          additional_data: { cc_save: false, token: 'pm_card_visa' },
        },
      },
    });
    await documented('GET', `${NS}/checkoutsuccess`, { headers });
    await documented('GET', `${NS}/orders`, { headers });
    await documented('GET', `${NS}/order?order_id=${placed.body}`, { headers });
    await documented('GET', `${NS}/order?order_id=999999`, { headers, status: 404 });
    await documented('PUT', `${REST}/customers/me`, {
      headers,
      payload: { customer: { firstname: 'Robin', lastname: 'Lee', addresses: me.body.addresses } },
    });
    await documented('POST', `${NS}/setdefaultbilling`, {
      headers,
      payload: { address_id: shopper.addressId },
    });
    await documented('POST', `${NS}/setdefaultshipping`, {
      headers,
      payload: { address_id: shopper.addressId },
    });
    // [I29] My Account › Text offers: the list, and one switch on.
    const offers = await documented<{ sellers: { seller_id: number }[] }>('GET', `${NS}/textoffers`, {
      headers,
    });
    await documented('PUT', `${NS}/textoffers/${offers.body.sellers[0]?.seller_id}`, {
      headers,
      payload: { subscribed: true },
    });
    // [I30] …and its Buy by reply setting: shown, and off.
    await documented('GET', `${NS}/replytobuy`, { headers });
    await documented('PUT', `${NS}/replytobuy`, { headers, payload: { enabled: false } });
    // [I31] Back in stock: the product page's status; an ask for an item in stock is refused (409); a
    // member stops waiting.
    await documented('GET', `${NS}/stockAlerts?product_id=${productId}`, { headers });
    await documented('POST', `${NS}/stockAlerts`, {
      headers,
      payload: { product_id: productId },
      status: 409,
    });
    await documented('DELETE', `${NS}/stockAlerts/${productId}`, { headers });
    await documented('POST', `${REST}/carts/mine/items`, { headers, payload: aCartItem('MUG-1', 1) });
    const line = await documented<{ item_id: number }[]>('GET', `${REST}/carts/mine/items`, { headers });
    await documented('DELETE', `${REST}/carts/mine/items/${line.body[0]?.item_id}`, { headers });
    await documented('POST', `${NS}/clearcart`, { headers });
    await documented('GET', `${REST}/carts/mine`, { status: 401 });
  });

  it('[API-37..44] gift cards: save, list, schedule, picture, reconcile, check a card, pay, link to the order', async () => {
    const shopper = await aShopper(t);
    const headers = shopper.headers;
    const line = await buyGiftCard(t.app, shopper, catalogue.skus[50]);
    const saved = await documented<{ data: { id: number } }>('POST', `${NS}/savegiftcarddetails`, {
      headers,
      payload: {
        data: {
          cart_id: line.cartId,
          cart_item_id: line.itemId,
          product_id: catalogue.productId,
          configurable_product_sku: line.sku,
          ...aRecipient(),
        },
      },
    });
    const cardId = saved.body.data.id;
    await documented('POST', `${NS}/savegiftcarddetails`, {
      headers,
      payload: {
        data: { cart_id: line.cartId, product_id: catalogue.productId, configurable_product_sku: line.sku },
      },
      status: 400,
    });
    await documented('POST', `${NS}/editgiftcarddetails`, {
      headers,
      payload: { gift_card_details_id: cardId, data: aRecipient({ recipient_firstname: 'Mia' }) },
    });
    await documented('GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${cardId}`, { headers });
    await documented('GET', `${NS}/getgiftcarddetailsbycart?cart_id=${line.cartId}`, { headers });
    await documented('POST', `${NS}/savegiftcardscheduleddate`, {
      headers,
      payload: {
        gift_card_details_id: cardId,
        // A month ahead: a schedule may be at most a year away [I12-8].
        scheduled_delivery: `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)} 10:00:00`,
        delivery_timezone: 'Australia/Sydney',
      },
    });
    await documented('POST', `${NS}/savegiftcardmmstemplate`, {
      headers,
      payload: { gift_card_details_id: cardId, mms_template_id: catalogue.templateIds[0] },
    });
    await documented('POST', `${NS}/reconcilegiftcardsbycart`, {
      headers,
      payload: { cart_id: line.cartId, items: [{ sku: line.sku, qty: 1, item_id: line.itemId }] },
    });
    await documented('POST', `/rest/au/V1/carts/mine/shipping-information`, {
      headers,
      payload: {
        addressInformation: {
          shipping_address: { customer_address_id: shopper.addressId },
          billing_address: { customer_address_id: shopper.addressId },
        },
      },
    });
    // [I16-checkout-giftcard] A card number no card has: the documented error reply.
    await documented('POST', `${NS}/checkgiftcard`, {
      headers,
      payload: { gift_card_number: '1234 5678 1234 5678' },
      status: 400,
    });
    const placed = await documented<string>('POST', `${REST}/carts/mine/payment-information`, {
      headers,
      payload: {
        billingAddress: { customer_address_id: shopper.addressId },
        paymentMethod: {
          method: 'stripe_payments',
          additional_data: { cc_save: false, token: 'pm_card_visa' },
        },
      },
    });
    await documented('POST', `${NS}/savegiftcardorderbycart`, {
      headers,
      payload: { r_token: 'sandbox-token', cart_id: line.cartId, order_id: placed.body },
    });
    await documented('POST', `${NS}/deletegiftcarddetailsbycartitemid`, {
      headers,
      payload: { cart_id: line.cartId, cart_item_id: line.itemId },
      status: 409,
    });
    await documented('GET', `${NS}/getgiftcarddetailsbyid?gift_card_details_id=${cardId}`, {
      headers: (await aShopper(t)).headers,
      status: 404,
    });
  });

  it('[I32-apply] applying to sell with the one-time code’s verified-mobile token (application-routes.ts)', async () => {
    const mobile = aMobile();
    const form = {
      business_name: 'Saltline Surf Co',
      abn: '51 824 753 556',
      contact_name: 'Kim Nguyen',
      mobile,
      email: 'kim@saltline.example',
      sells: 'Surf wax, leashes and boardshorts.',
      website: 'saltline.example',
      terms_accepted: true,
      jwt: await aLinkToken({ mobile }, { now: t.clock.now() }),
    };
    await documented('POST', `${NS}/sellerApplications`, { payload: form });
    await documented('POST', `${NS}/sellerApplications`, { payload: form, status: 400 });
  });

  it('checked a reply of every documented call', () => {
    const calls = new Set([...checked].map((entry) => entry.split(' ').slice(0, 2).join(' ')));
    const documentedCalls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${DOCUMENTED_PREFIX}/`))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(documentedCalls.filter((entry) => !calls.has(entry))).toEqual([]);
  });
});

// The back office's reference (http/openapi-back-office.ts): its own document at /admin/api/openapi.json
// and page at /admin/api/docs, and live replies of each back-office route file validated against it. Its
// own app: the passkeys need the shop's https origin (PUBLIC_URL) as the orders' tests do.
describe('the back office reference', { timeout: 180_000 }, () => {
  let office: TestApp;
  let published: Published;
  let operator: Session;

  /** A back-office call whose reply must match the back office's document. */
  async function staffCall<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    options: { session?: Partial<Session>; payload?: unknown; status?: number } = {},
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
    const url = `${STAFF_API_PREFIX}${path}`;
    const reply = await office.app.inject({
      method,
      url,
      headers: {
        ...(options.session?.cookie ? { cookie: options.session.cookie } : {}),
        ...(options.session?.csrf ? { 'x-csrf-token': options.session.csrf } : {}),
      },
      ...(method === 'GET' ? {} : { payload: (options.payload ?? {}) as object }),
    });
    expect(reply.statusCode, `${method} ${url}: ${reply.body}`).toBe(options.status ?? 200);
    const body = reply.json() as T;
    expect(replyErrors(method, url, reply.statusCode, body, published), `${method} ${url}`).toEqual([]);
    return { status: reply.statusCode, body, headers: reply.headers };
  }

  /** A download: the status, and the media type the document publishes for it. */
  async function download(path: string, session: Session) {
    const url = `${STAFF_API_PREFIX}${path}`;
    const reply = await adminCall(office, 'GET', path, session);
    expect(reply.statusCode, `GET ${url}: ${reply.body}`).toBe(200);
    const documentedAs = documentedPath(url, published.document.paths);
    const media = Object.keys(published.document.paths[documentedAs]?.get?.responses?.['200']?.content ?? {});
    expect(media.length, `GET ${documentedAs}`).toBe(1);
    expect(String(reply.headers['content-type'])).toMatch(new RegExp(`^${media[0]}`));
    published.checked.add(`GET ${documentedAs} 200`);
  }

  /** A member of staff signed in through the documented calls: a code, then a passkey added. */
  async function signInDocumented(role: 'operator' | 'vendor'): Promise<Session> {
    const member = await createStaffAccounts({
      db: office.db,
      clock: office.clock,
      findSellerId: async (url) =>
        (await office.db.selectFrom('sellers').select('id').where('seller_url', '=', url).executeTakeFirst())
          ?.id,
    }).add({
      mobile: aMobile(),
      name: role === 'operator' ? 'Jo Operator' : 'Sam Seller',
      role,
      ...(role === 'vendor' ? { sellerUrl: 'harbour-goods' } : {}),
    });
    office.clock.advance(31_000);
    await staffCall('POST', '/sign-in/code', { payload: { mobile: member.mobile } });
    const code = /\b(\d{6})\b/.exec((await outbox(office, member.mobile))[0] ?? '')?.[1];
    const confirmed = await office.app.inject({
      method: 'POST',
      url: `${STAFF_API_PREFIX}/sign-in/code/confirm`,
      payload: { mobile: member.mobile, code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(
      replyErrors('POST', `${STAFF_API_PREFIX}/sign-in/code/confirm`, 200, confirmed.json(), published),
    ).toEqual([]);
    const cookie = /^(quokka_staff=[^;]*)/.exec(String(confirmed.headers['set-cookie']))?.[1] ?? '';
    const session = { cookie, csrf: confirmed.json().csrf_token as string };
    const authenticator = new SoftwareAuthenticator({ rpId: RP_ID, origin: ORIGIN });
    const options = await staffCall<Record<string, unknown>>('POST', '/passkeys/options', { session });
    await staffCall('POST', '/passkeys', {
      session,
      payload: { response: authenticator.register(options.body as never) },
    });
    return { ...session, member, authenticator };
  }

  beforeAll(async () => {
    office = await ordersTestApp();
    const reply = await office.app.inject({ url: BACK_OFFICE_OPENAPI_PATH });
    expect(reply.statusCode).toBe(200);
    const backOffice = reply.json() as OpenApiDocument;
    published = { document: backOffice, ajv: validatorOf(backOffice), checked: new Set() };
    operator = await signInDocumented('operator');
  });
  afterAll(async () => {
    await office?.close();
  });

  it('[API-01] /admin/api/openapi.json documents every back-office call, and only those, with the staff session', () => {
    const { paths } = published.document;
    expect(published.document.openapi).toMatch(/^3\./);
    expect(Object.keys(paths).length).toBeGreaterThan(40);
    expect(Object.keys(paths).filter((path) => !path.startsWith(`${STAFF_API_PREFIX}/`))).toEqual([]);
    expect(paths[`${STAFF_API_PREFIX}/orders/{id}/refunds`]?.post?.security).toEqual([
      { staffSession: [], csrfToken: [] },
    ]);
    expect(paths[`${STAFF_API_PREFIX}/orders`]?.get?.security).toEqual([{ staffSession: [] }]);
    expect(paths[`${STAFF_API_PREFIX}/sign-in/code`]?.post?.security).toEqual([]);
    // The storefront's document does not list them, nor carry their named shapes.
    expect(Object.keys(document.paths).filter((path) => path.startsWith(STAFF_API_PREFIX))).toEqual([]);
    expect(Object.keys(document.components.schemas)).not.toContain('StaffSessionReply');
    expect(Object.keys(published.document.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorReply', 'StaffSessionReply', 'WebAuthnOptions']),
    );
    expect(Object.keys(published.document.components.schemas)).not.toContain('Quote');
  });

  it('[API-01] every back-office call declares its success reply and the error replies its guards give, each the one error shape', () => {
    for (const [path, operations] of Object.entries(published.document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses ?? {};
        const success = responses['200'] ?? responses['201'] ?? responses['204'];
        expect(success?.content, `${method} ${path}`).toBeDefined();
        const guarded = (operation.security ?? []).length > 0;
        if (guarded) {
          expect(responses['401'], `${method} ${path} 401`).toBeDefined();
          expect(responses['403'], `${method} ${path} 403`).toBeDefined();
        }
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) >= 400) {
            expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
              $ref: '#/components/schemas/ErrorReply',
            });
          }
        }
      }
    }
  });

  it('/admin/api/docs is a readable reference page whose scripts come from our own origin', async () => {
    const reply = await office.app.inject({ url: BACK_OFFICE_DOCS_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('<title>Quokka back office API reference</title>');
    const scripts = [...reply.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(reply.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of scripts) {
      expect(src.startsWith(`${BACK_OFFICE_DOCS_PATH}/`), src).toBe(true);
      expect((await office.app.inject({ url: src })).statusCode, src).toBe(200);
    }
    expect(String(reply.headers['content-security-policy'])).toContain("script-src 'self'");
    const json = await office.app.inject({ url: `${BACK_OFFICE_DOCS_PATH}/json` });
    expect(json.json()).toEqual(published.document);
    // The storefront's page still reads the storefront's document.
    const storefront = await office.app.inject({ url: `${DOCS_PATH}/json` });
    expect(Object.keys(storefront.json().paths)).toContain(`${DOCUMENTED_PREFIX}/carts/mine`);
  });

  it('a staff reply that gains or loses a field no longer matches the document', async () => {
    const me = await staffCall<Record<string, unknown>>('GET', '/me', { session: operator });
    const { csrf_token: _dropped, ...without } = me.body;
    expect(replyErrors('GET', `${STAFF_API_PREFIX}/me`, 200, without, published)).not.toEqual([]);
    expect(
      replyErrors('GET', `${STAFF_API_PREFIX}/me`, 200, { ...me.body, extra: 1 }, published),
    ).not.toEqual([]);
  });

  it('[I15] sign-in, passkeys, step-up and the audit log (staff-routes.ts)', async () => {
    await staffCall('GET', '/me', { status: 401 });
    await staffCall('POST', '/sign-in/code', { payload: { mobile: 'x'.repeat(41) }, status: 400 });
    await staffCall('POST', '/sign-in/code/confirm', {
      payload: { mobile: aMobile(), code: '1' },
      status: 400,
    });
    await staffCall('POST', '/sign-in/passkey/options');
    await staffCall('POST', '/sign-in/passkey', { payload: { response: { id: 'nope' } }, status: 400 });
    await staffCall('GET', '/passkeys', { session: operator });
    await staffCall('GET', '/passkeys/pending', { session: operator });
    const options = await staffCall<Record<string, unknown>>('POST', '/step-up/options', {
      session: operator,
    });
    await staffCall('POST', '/step-up', {
      session: operator,
      payload: { response: operator.authenticator.authenticate(options.body as never) },
    });
    await staffCall('POST', '/step-up-check', { session: operator });
    await staffCall('POST', '/step-up-check', { session: { cookie: operator.cookie }, status: 403 });
    await staffCall('POST', '/passkeys/999999/approve', { session: operator, status: 404 });
    await staffCall('GET', '/audit?page=1&page_size=5', { session: operator });
    await staffCall('GET', '/audit?page=0', { session: operator, status: 400 });
    const leaving = await signInDocumented('vendor');
    await staffCall('GET', '/passkeys/pending', { session: leaving, status: 403 });
    await staffCall('POST', '/sign-out', { session: leaving });
    await staffCall('GET', '/me', { session: leaving, status: 401 });
  });

  it('[I32] seller applications: list, approve, refuse (application-admin-routes.ts)', async () => {
    const applied = async (business_name: string) => {
      const mobile = aMobile();
      const reply = await office.app.inject({
        method: 'POST',
        url: `${NS}/sellerApplications`,
        payload: {
          business_name,
          abn: '51 824 753 556',
          contact_name: 'Kim Nguyen',
          mobile,
          email: 'kim@saltline.example',
          sells: 'Surf wax, leashes and boardshorts.',
          website: 'saltline.example',
          terms_accepted: true,
          jwt: await aLinkToken({ mobile }, { now: office.clock.now() }),
        },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json() as { id: number }).id;
    };
    const approved = await applied('Reference Goods');
    const refused = await applied('Reference Kites');
    await staffCall('GET', '/seller-applications', { session: operator });
    await staffCall('GET', '/seller-applications?status=nope', { session: operator, status: 400 });
    await staffCall('POST', `/seller-applications/${approved}/approve`, { session: operator });
    await staffCall('POST', `/seller-applications/${approved}/approve`, { session: operator, status: 400 });
    await staffCall('POST', `/seller-applications/${refused}/refuse`, {
      session: operator,
      payload: { reason: 'Not a fit for this marketplace.' },
    });
    await staffCall('GET', '/seller-applications?status=refused', { session: operator });
    await staffCall('POST', '/seller-applications/999999/approve', { session: operator, status: 404 });
  });

  it('[I15-orders, I15-review] orders: list, CSV, detail, shipping, notes, review and the dashboard (orders-routes.ts, order-review-routes.ts)', async () => {
    const order = await anOrder(office, [['MUG-1', 1]]);
    const harbour = await sellerId(office, 'harbour-goods');
    await staffCall('GET', '/orders?page=1', { session: operator });
    await staffCall('GET', '/orders?page=x', { session: operator, status: 400 });
    await download('/orders.csv', operator);
    await staffCall('GET', `/orders/${order.id}`, { session: operator });
    await staffCall('GET', '/orders/999999', { session: operator, status: 404 });
    await staffCall('POST', `/orders/${order.id}/notes`, {
      session: operator,
      payload: { note: 'Called the shopper' },
    });
    await staffCall('POST', `/orders/${order.id}/shipments`, {
      session: operator,
      payload: { seller_id: harbour, carrier: 'Australia Post', tracking_number: '33ABC0012345' },
    });
    await staffCall('POST', `/orders/${order.id}/refunds`, {
      session: { cookie: operator.cookie },
      payload: {},
      status: 403,
    });
    // Checkout approved it already: approving again answers it as it is; it can no longer be refused.
    await staffCall('POST', `/orders/${order.id}/approve`, { session: operator, payload: {} });
    await staffCall('POST', `/orders/${order.id}/refuse`, { session: operator, payload: {}, status: 400 });
    await stepUp(office, operator);
    await staffCall('POST', `/orders/${order.id}/refuse`, {
      session: operator,
      payload: { reason: 'Out of stock' },
      status: 409,
    });
    await staffCall('GET', '/dashboard', { session: operator });
  });

  it('[I15-giftcards, I16-redeem] the gift card console and redemption (giftcards-console-routes.ts, gift-card-redemption-routes.ts)', async () => {
    await staffCall('GET', '/gift-cards?page=1', { session: operator });
    await staffCall('GET', '/gift-cards/999999', { session: operator, status: 404 });
    await staffCall('POST', '/gift-cards/lookup', {
      session: operator,
      payload: { gift_card_no: '1234 5678 1234 5678' },
      status: 404,
    });
  });

  it('[I16-payouts, I16-invoices, I16-statements, I16-products] payouts, invoices, statements and products (payouts-routes.ts, statements-routes.ts, product-admin-routes.ts)', async () => {
    await staffCall('GET', '/bank-accounts', { session: operator });
    await staffCall('GET', '/payouts', { session: operator });
    await staffCall('GET', '/payouts/999999', { session: operator, status: 404 });
    await staffCall('GET', '/invoices', { session: operator });
    await staffCall('GET', '/statements', { session: operator });
    await staffCall('GET', '/statements/999999', { session: operator, status: 404 });
    const products = await staffCall<{ items: { id: number }[] }>('GET', '/products', { session: operator });
    const first = products.body.items[0]?.id;
    expect(first).toBeDefined();
    await staffCall('GET', `/products/${first}`, { session: operator });
    await staffCall('PATCH', `/products/${first}`, { session: operator, payload: { name: '' }, status: 400 });
  });

  it('[I29] subscribers: list, CSV and import (subscribers-routes.ts)', async () => {
    await staffCall('GET', '/subscribers', { session: operator });
    await download('/subscribers.csv', operator);
    const harbour = await sellerId(office, 'harbour-goods');
    await staffCall('POST', '/subscribers/import', {
      session: operator,
      payload: { seller_id: harbour, csv: `mobile,consent_source\n${aMobile()},website form` },
    });
  });

  it('[I29] campaigns: list, preview, a draft, its results and recipients (campaign-routes.ts)', async () => {
    const harbour = await sellerId(office, 'harbour-goods');
    const draft = {
      seller_id: harbour,
      name: 'Spring',
      message: 'New season stock is in.',
      product_id: null,
      audience: { kind: 'all' },
    };
    await staffCall('GET', '/campaigns', { session: operator });
    await staffCall('POST', '/campaigns/preview', { session: operator, payload: draft });
    const made = await staffCall<{ id: number }>('POST', '/campaigns', { session: operator, payload: draft });
    await staffCall('GET', `/campaigns/${made.body.id}`, { session: operator });
    await staffCall('GET', '/campaigns/999999', { session: operator, status: 404 });
    await download(`/campaigns/${made.body.id}/recipients.csv`, operator);
    await staffCall('POST', '/campaigns', {
      session: operator,
      payload: { ...draft, name: '' },
      status: 400,
    });
  });

  it('[I31] automations: list, save a flow, preview (automation-routes.ts)', async () => {
    const harbour = await sellerId(office, 'harbour-goods');
    await staffCall('GET', `/automations?seller_id=${harbour}`, { session: operator });
    await staffCall('GET', '/automations', { session: operator, status: 400 });
    await staffCall('PUT', '/automations/cart_reminder', {
      session: operator,
      payload: { seller_id: harbour, enabled: true, message: 'You left {items}:', delay_hours: 4 },
    });
    await staffCall('PUT', '/automations/cart_reminder', {
      session: operator,
      payload: { seller_id: harbour, enabled: true, message: 'You left {items}:', delay_hours: 73 },
      status: 400,
    });
    await staffCall('POST', '/automations/preview', {
      session: operator,
      payload: { seller_id: harbour, flow: 'back_in_stock', message: '{product} is back:' },
    });
  });

  it('[I32] suspensions: sellers and members listed, suspended and lifted (suspension-routes.ts)', async () => {
    const outback = await sellerId(office, 'outback-outfitters');
    await staffCall('GET', '/sellers', { session: operator });
    await staffCall('POST', `/sellers/${outback}/suspend`, {
      session: operator,
      payload: { reason: 'Checks' },
    });
    await staffCall('POST', `/sellers/${outback}/suspend`, {
      session: operator,
      payload: { reason: '' },
      status: 400,
    });
    await staffCall('POST', `/sellers/${outback}/lift`, { session: operator });
    await staffCall('POST', `/sellers/${outback}/lift`, { session: operator, status: 409 });
    const member = await aShopper(office);
    await staffCall('GET', `/members?q=${encodeURIComponent(member.mobile)}`, { session: operator });
    await staffCall('POST', `/members/${member.id}/suspend`, {
      session: operator,
      payload: { reason: 'Checks' },
    });
    await staffCall('POST', `/members/${member.id}/lift`, { session: operator });
    await staffCall('POST', '/members/999999/lift', { session: operator, status: 404 });
  });

  it('[I32] staff and the seller profile (staff-admin-routes.ts, seller-profile-routes.ts)', async () => {
    const harbour = await sellerId(office, 'harbour-goods');
    await staffCall('GET', '/staff', { session: operator });
    await staffCall('POST', '/staff', {
      session: operator,
      payload: { name: 'Kim Staff', mobile: aMobile(), role: 'vendor', seller_id: harbour },
    });
    await staffCall('POST', '/staff', {
      session: operator,
      payload: { name: 'K', mobile: aMobile(), role: 'operator' },
      status: 400,
    });
    await staffCall('GET', `/seller-profile?seller_id=${harbour}`, { session: operator });
    await staffCall('GET', '/seller-profile', { session: operator, status: 400 });
  });

  it('[I34] a seller’s home and the customer page (seller-home-routes.ts, customer-admin-routes.ts)', async () => {
    const vendor = await signInDocumented('vendor');
    await staffCall('GET', '/seller-home', { session: vendor });
    await staffCall('GET', '/seller-home', { session: operator, status: 403 });
    const member = await aShopper(office);
    await staffCall('GET', `/customers/${member.id}`, { session: operator });
    await staffCall('GET', `/customers/${member.id}`, { session: vendor, status: 403 });
    await staffCall('GET', '/customers/999999', { session: operator, status: 404 });
  });

  it('[I34-bulk] bulk approve and bulk ship: a reply per order, and a 400 for a body wrong as a whole (orders-bulk-routes.ts)', async () => {
    const order = await anOrder(office, [['MUG-1', 1]]);
    await staffCall('POST', '/orders/bulk-approve', {
      session: operator,
      payload: { order_ids: [order.id, 999999] },
    });
    await staffCall('POST', '/orders/bulk-approve', {
      session: operator,
      payload: { order_ids: [] },
      status: 400,
    });
    await staffCall('POST', '/orders/bulk-ship', {
      session: operator,
      payload: { carrier: 'Sendle', shipments: [{ order_id: order.id, tracking_number: 'SNDL9' }] },
    });
    await staffCall('POST', '/orders/bulk-ship', {
      session: operator,
      payload: { shipments: [] },
      status: 400,
    });
  });

  it('checked a live reply of every back-office route file (each tag of the document)', () => {
    const tagOf = new Map<string, string>();
    const tags = new Set<string>();
    for (const [path, operations] of Object.entries(published.document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const tag = operation.tags?.[0] ?? '(none)';
        tags.add(tag);
        tagOf.set(`${method.toUpperCase()} ${path}`, tag);
      }
    }
    const checkedTags = new Set(
      [...published.checked].map((entry) => tagOf.get(entry.split(' ').slice(0, 2).join(' '))),
    );
    expect([...tags].filter((tag) => !checkedTags.has(tag))).toEqual([]);
    expect(tags.has('(none)')).toBe(false);
  });
});
