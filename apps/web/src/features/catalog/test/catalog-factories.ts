// Small factories for catalogue replies, typed by the contract (packages/contract/src/api/catalog.ts)
// so they are shaped exactly like the server's, and a fetch stand-in that answers catalogue calls by
// path and query.
import type {
  BrowseProductsReply,
  Category,
  CategoryProductsReply,
  ConfigurableChild,
  Product,
  ProductReply,
  ProductTile,
  SellerInformationReply,
  SellerReply,
  SellerSummary,
} from '@quokka/contract/api/catalog';
import { OPTION_ID, PAGE_SIZE } from '@quokka/contract/constants';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { errorReply } from '../../../test/fake-replies';

// The screens load lazily, as in production; on a busy machine the first import of a screen can take
// longer than Testing Library's 1 s default, so the catalogue tests wait up to 5 s for what they expect.
configure({ asyncUtilTimeout: 5_000 });

const NS = '/rest/default/V1/storefront';

export function aSeller(overrides: Partial<SellerSummary> = {}): SellerSummary {
  return {
    id: 2,
    name: 'Saltline Surf Co.',
    seller_url: 'saltline-surf-co',
    shop_url: 'saltline-surf-co',
    image: '/media/sellers/saltline-logo.svg',
    supplied_by_image: '/media/sellers/saltline-logo.svg',
    description: 'A two-person label printing tees by hand in Fremantle.',
    popup_description: 'A two-person label printing tees by hand in Fremantle.',
    banner_image: '/media/sellers/saltline-banner.svg',
    ...overrides,
  };
}

export function aTile(overrides: Partial<ProductTile> = {}): ProductTile {
  const id = overrides.id ?? 14;
  return {
    id,
    name: `Trucker Cap ${id}`,
    sku: `SL-CAP-${id}`,
    qty: 12,
    price: 35,
    type_id: 'simple',
    is_giftcard: false,
    short_desc: 'Mesh back',
    image: `/media/products/cap-${id}-main.svg`,
    images: [`/media/products/cap-${id}-main.svg`],
    product_seller_image: '/media/sellers/saltline-logo.svg',
    seller_url: 'saltline-surf-co',
    ...overrides,
  };
}

/** A page of `size` tiles with ids from `firstId`. */
export function aPage(firstId: number, size: number = PAGE_SIZE): ProductTile[] {
  return Array.from({ length: size }, (_, index) => aTile({ id: firstId + index }));
}

export function aSimpleProduct(overrides: Partial<Product> = {}): Product {
  return {
    ...aTile({
      id: 14,
      name: 'Saltline Trucker Cap',
      sku: 'SL-SALTLINE-TRUCKER-CAP',
      qty: 3,
      price: 35,
      images: [
        '/media/products/cap-main.svg',
        '/media/products/cap-detail.svg',
        '/media/products/cap-lifestyle.svg',
        '/media/products/cap-flatlay.svg',
      ],
      image: '/media/products/cap-main.svg',
    }),
    description: 'A five-panel cap with a mesh back and the Saltline sun on the front.',
    tabs: {
      shipping: [
        { label: 'Delivery', value: 'Ships in 1–2 business days from Fremantle, WA.' },
        { label: 'Returns', value: 'Free exchanges within 30 days.' },
      ],
      sizing_chart: null,
      faq: [
        { question: 'Is it one size?', answer: 'Yes, the strap fits 56 to 61 cm.' },
        { question: 'How do I wash it?', answer: 'Hand wash cool and dry flat.' },
      ],
    },
    seller: aSeller(),
    configurable_options: {},
    configurable_products: [],
    configurable_options_products: {},
    ...overrides,
  };
}

const NAVY = 1;
const WHITE = 2;
const S = 5;
const M = 6;
const L = 7;
export const TEE = { NAVY, WHITE, S, M, L } as const;

function child(id: number, color: number, size: number, qty: number, price = 45): ConfigurableChild {
  const colour = color === NAVY ? 'NAVY' : 'WHITE';
  const sizeName = size === S ? 'S' : size === M ? 'M' : 'L';
  return {
    id,
    sku: `SL-TEE-${colour}-${sizeName}`,
    name: `Tee ${colour} ${sizeName}`,
    qty,
    price,
    options: { color, size },
  };
}

/**
 * A tee in Navy and White, sizes S, M and L. Navy has no M in stock, White no S; Navy L costs more and
 * has 2 left.
 */
export function aConfigurableProduct(overrides: Partial<Product> = {}): Product {
  const children = [
    child(156, NAVY, S, 3),
    child(157, NAVY, M, 0),
    child(158, NAVY, L, 2, 49),
    child(159, WHITE, S, 0),
    child(160, WHITE, M, 4),
    child(161, WHITE, L, 6),
  ];
  return aSimpleProduct({
    id: 1,
    name: 'Cottesloe Crew Tee',
    sku: 'SL-COTTESLOE-CREW-TEE',
    type_id: 'configurable',
    qty: 15,
    price: 45,
    tabs: { ...aSimpleProduct().tabs, sizing_chart: '/media/charts/tops.svg' },
    configurable_options: {
      color: {
        option_id: OPTION_ID.color,
        attribute_code: 'color',
        label: 'Color',
        options: [
          { option_value: NAVY, default_title: 'Navy', qty: 5, swatch: '#1f3a5a' },
          { option_value: WHITE, default_title: 'Salt White', qty: 10, swatch: '#f1eee6' },
        ],
      },
      size: {
        option_id: OPTION_ID.size,
        attribute_code: 'size',
        label: 'Size',
        options: [
          { option_value: S, default_title: 'S', qty: 3 },
          { option_value: M, default_title: 'M', qty: 4 },
          { option_value: L, default_title: 'L', qty: 8 },
        ],
      },
    },
    configurable_products: children,
    configurable_options_products: {
      color: { [NAVY]: ['SL-TEE-NAVY-S', 'SL-TEE-NAVY-L'], [WHITE]: ['SL-TEE-WHITE-M', 'SL-TEE-WHITE-L'] },
      size: { [S]: ['SL-TEE-NAVY-S'], [M]: ['SL-TEE-WHITE-M'], [L]: ['SL-TEE-NAVY-L', 'SL-TEE-WHITE-L'] },
    },
    ...overrides,
  });
}

/** A gift card with $25 and $50 amounts under option 216. */
export function aGiftCardProduct(overrides: Partial<Product> = {}): Product {
  return aSimpleProduct({
    id: 153,
    name: 'Saltline Gift Card',
    sku: 'SL-GIFT-CARD',
    type_id: 'configurable',
    is_giftcard: true,
    qty: 20000,
    price: 25,
    images: [
      '/media/giftcards/front.svg',
      '/media/giftcards/closeup.svg',
      '/media/giftcards/envelope.svg',
      '/media/giftcards/back.svg',
    ],
    image: '/media/giftcards/front.svg',
    configurable_options: {
      gift_card_price: {
        option_id: OPTION_ID.gift_card_price,
        attribute_code: 'gift_card_price',
        label: 'Gift Card Price',
        options: [
          { option_value: 39, default_title: '$25', qty: 10000 },
          { option_value: 40, default_title: '$50', qty: 10000 },
        ],
      },
    },
    configurable_products: [
      {
        id: 591,
        sku: 'SL-GIFT-CARD-25',
        name: 'Gift Card $25',
        qty: 10000,
        price: 25,
        options: { gift_card_price: 39 },
      },
      {
        id: 592,
        sku: 'SL-GIFT-CARD-50',
        name: 'Gift Card $50',
        qty: 10000,
        price: 50,
        options: { gift_card_price: 40 },
      },
    ],
    configurable_options_products: { gift_card_price: { 39: ['SL-GIFT-CARD-25'], 40: ['SL-GIFT-CARD-50'] } },
    ...overrides,
  });
}

export function aCategoryTree(): Category[] {
  return [
    {
      entity_id: 1,
      value: 'Clothing',
      children: [{ entity_id: 7, value: 'Men', children: [{ entity_id: 19, value: 'Tees', children: [] }] }],
    },
    { entity_id: 2, value: 'Home', children: [] },
  ];
}

/** A reply in the contract's shape, a Response (another status), or either worked out from the query. */
type Answer<T> = T | Response | ((query: URLSearchParams) => T | Response);

export interface CatalogReplies {
  browseProducts?: Answer<BrowseProductsReply>;
  /** The server sends the list as both `products` and `data`; a test may give either. */
  categoryProducts?: Answer<Partial<CategoryProductsReply>>;
  product?: Answer<ProductReply>;
  seller?: Answer<SellerReply>;
  sellerInformation?: Answer<SellerInformationReply>;
  categories?: Answer<Category[]>;
}

function asServerAnswers(name: string, body: unknown): unknown {
  if (name !== 'categoryProducts' || typeof body !== 'object' || body === null) return body;
  const reply = body as Partial<CategoryProductsReply>;
  const list = reply.products ?? reply.data ?? [];
  return { data: reply.data ?? list, products: reply.products ?? list };
}

/** A JSON reply with a status other than 200. */
export function withStatus(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs `fetch` (the network boundary) to answer the catalogue calls; an answer may be a function of
 * the query string and may return a Response for a non-200 status. Other paths answer 404.
 */
export function stubCatalogApi(replies: CatalogReplies) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.startsWith(`${NS}/`) ? url.pathname.slice(NS.length + 1) : '';
    const answer: Answer<unknown> = name in replies ? replies[name as keyof CatalogReplies] : undefined;
    if (answer === undefined) return errorReply('NOT_FOUND', 'Not found');
    const body = typeof answer === 'function' ? answer(url.searchParams) : answer;
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(asServerAnswers(name, body)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query strings of the calls made to one endpoint, in order. */
export function callsTo(fetchMock: ReturnType<typeof stubCatalogApi>, name: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `${NS}/${name}`)
    .map((url) => url.searchParams);
}
