// A stand-in for the server at the network boundary (fetch), answering the sign-in and registration
// calls the way the real server does (DECISIONS.md "Sign-in"), and recording every request so tests
// can check what was sent.

import type { AuthProduct, AuthReply } from '@quokka/contract/api/auth';
import type { SellerReply } from '@quokka/contract/api/catalog';
import type { Place } from '@quokka/contract/api/places';
import { vi } from 'vitest';
import { errorReply } from '../../../test/fake-replies';

export const VALID_CODE = '482913';
export const VERIFIED_JWT = 'eyJhbGciOiJIUzI1NiJ9.verified-mobile.sig';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
}

type ExistingUserReply = Extract<AuthReply, { existing_user: true }>;
type NewUserReply = Extract<AuthReply, { new_user: true }>;

export interface FakeAuthApiOptions {
  /** The auth reply for a token (default: a new user). */
  auth?: (jwt: string, autologin: boolean) => AuthReply;
  sendMobileCode?: (body: Record<string, unknown>) => Reply;
  createAccount?: (body: Record<string, unknown>) => Reply;
  emailAvailable?: (email: string) => boolean;
  places?: (query: string) => Place[];
  sellerName?: string;
  /** The token confirmmobilecode issues for the valid code. */
  issuedJwt?: string;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function newUserReply(mobile = '+61412345678', extra: Partial<NewUserReply> = {}): NewUserReply {
  return {
    status: true,
    new_user: true,
    mobile,
    campaign_id: null,
    product_id: null,
    seller_url: null,
    seller: null,
    ...extra,
  };
}

/** The link's product as the server answers it (DATA-32). */
export function anAuthProduct(overrides: Partial<AuthProduct> = {}): AuthProduct {
  return {
    id: 31,
    name: 'Wattle scarf',
    sku: 'SC-31',
    qty: 4,
    image: '/media/products/scarf.svg',
    price: 29.95,
    type_id: 'simple',
    is_giftcard: false,
    product_option: { extension_attributes: { configurable_item_options: [] } },
    ...overrides,
  };
}

/**
 * An existing_user reply. Tests name the link's fields as a link carries them (ids as numbers or
 * strings, a product by name); the reply has them in the server's types.
 */
export function existingUserReply(
  extra: Partial<Omit<ExistingUserReply, 'campaign_id' | 'product_id' | 'product'>> & {
    campaign_id?: string | number | null;
    product_id?: string | number | null;
    product?: Partial<AuthProduct> | null;
  } = {},
): ExistingUserReply {
  const { campaign_id = '12', product_id = null, product = null, ...rest } = extra;
  return {
    status: true,
    existing_user: true,
    token: 'bearer-token-0f3a9c',
    mobile: '+61412345678',
    country_code: 'AU',
    currency_rate: 1,
    seller_url: null,
    seller: null,
    ...rest,
    campaign_id: campaign_id === null ? null : String(campaign_id),
    product_id: product_id === null ? null : Number(product_id),
    product: product === null ? null : anAuthProduct(product),
  };
}

function sellerReply(name: string): SellerReply {
  const url = 'saltline-surf-co';
  const image = '/media/sellers/saltline-logo.svg';
  return {
    status: true,
    seller: {
      id: 3,
      name,
      seller_url: url,
      shop_url: url,
      image,
      supplied_by_image: image,
      description: '',
      popup_description: '',
      banner_image: '',
    },
  };
}

export function stubAuthApi(options: FakeAuthApiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, query: url.searchParams, body });
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

    switch (url.pathname) {
      case '/rest/default/V1/storefront/sendmobilecode': {
        const reply = options.sendMobileCode?.(fields) ?? { status: 200, body: { status: true } };
        return json(reply.status, reply.body);
      }
      case '/rest/default/V1/storefront/confirmmobilecode':
        if (fields.code === VALID_CODE) {
          return json(200, { status: true, jwt: options.issuedJwt ?? VERIFIED_JWT });
        }
        return errorReply('INPUT_VALIDATION', 'Please enter a valid code', {
          status: false,
          input_validation: { code: ['Please enter a valid code'] },
        });
      case '/rest/default/V1/storefront/auth':
        return json(
          200,
          (options.auth ?? (() => newUserReply()))(String(fields.jwt), fields.autologin === true),
        );
      case '/rest/default/V1/storefront/createAccount': {
        const reply = options.createAccount?.(fields) ?? { status: 200, body: { status: true } };
        return json(reply.status, reply.body);
      }
      case '/rest/default/V1/customers/isEmailAvailable':
        return json(200, options.emailAvailable?.(String(fields.customerEmail)) ?? true);
      case '/rest/default/V1/storefront/places':
        return json(200, { data: options.places?.(url.searchParams.get('query') ?? '') ?? [] });
      case '/rest/default/V1/storefront/seller':
        return options.sellerName
          ? json(200, sellerReply(options.sellerName))
          : errorReply('NOT_FOUND', 'No seller');
      default:
        return errorReply('NOT_FOUND', `No route for ${method} ${url.pathname}`);
    }
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    requests,
    /** The bodies sent to one endpoint, by its last path segment. */
    sent(name: string): Record<string, unknown>[] {
      return requests
        .filter((request) => request.path.endsWith(`/${name}`))
        .map((request) => (request.body ?? {}) as Record<string, unknown>);
    },
  };
}
