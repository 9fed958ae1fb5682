// POST {ns}/auth [API-06]: what a sign-in link or verified-mobile token stands for.
import { apiFetch, nsPath } from '../../../lib/api-client';

/** The product a link names [DATA-32]. */
export interface AuthReplyProduct {
  id?: number | string;
  name?: string;
  sku?: string;
  qty?: number;
  image?: string;
  price?: number;
  product_option?: unknown;
}

/** The seller a link names, when the server tells. */
export interface AuthReplySeller {
  id?: number | string;
  name?: string;
  seller_url?: string;
}

/** [DATA-32] The auth reply (DECISIONS.md "Sign-in"); which flag is set decides the path. */
export interface AuthReply {
  status: boolean;
  new_user?: boolean;
  existing_user?: boolean;
  expired_link?: boolean;
  /** The customer bearer token of an existing_user reply [ROLE-05]. */
  token?: string;
  mobile?: string;
  country_code?: string | null;
  currency_rate?: string | number | null;
  campaign_id?: string | number | null;
  product_id?: string | number | null;
  product?: AuthReplyProduct | null;
  seller?: AuthReplySeller | null;
  seller_id?: string | number | null;
  seller_name?: string | null;
}

/** [AUTH-08] `autologin` is true when the token came from a link in the route, false from the popup. */
export async function verifySignInToken(jwt: string, autologin: boolean): Promise<AuthReply> {
  const reply = await apiFetch<AuthReply | null>(nsPath('auth'), {
    method: 'POST',
    body: { jwt, autologin },
  });
  return reply ?? { status: false };
}
