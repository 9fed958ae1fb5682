import { randomBytes } from 'node:crypto';
import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import { errors, jwtVerify, SignJWT } from 'jose';

// Sign-in links and verified-mobile tokens (DECISIONS.md "Sign-in"): one kind of JWT, HS256 with the
// algorithm pinned, audience `link`, our issuer, a `typ` claim that no other token of ours carries, and
// an expiry. The subject is the E.164 mobile; a link may also name a product, campaign and seller, and an
// item to put in the cart before checkout opens.

export const LINK_TOKEN_ISSUER = 'quokka';
export const LINK_TOKEN_AUDIENCE = 'link';
/** The `typ` claim of link and verified-mobile tokens; any other kind of token must use another. */
export const LINK_TOKEN_TYPE = 'link';
const ALGORITHM = 'HS256';

export interface LinkClaims {
  mobile: E164Mobile;
  productId?: number | null;
  campaignId?: string | null;
  sellerUrl?: string | null;
  /**
   * [I30] A checkout link (a reply-to-buy text's /t/<code>/checkout): this sellable item goes into the
   * member's cart and checkout opens.
   */
  checkoutProductId?: number | null;
  /** [I31] A cart-left-behind text's link: the member's cart opens once signed in. */
  openCart?: boolean | null;
}

export interface SignOptions {
  now: Date;
  ttlSeconds: number;
}

export async function signLinkToken(
  key: Uint8Array,
  claims: LinkClaims,
  options: SignOptions,
): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const payload: Record<string, string | number> = { typ: LINK_TOKEN_TYPE };
  if (claims.productId !== undefined && claims.productId !== null) payload.product_id = claims.productId;
  if (claims.campaignId) payload.campaign_id = claims.campaignId;
  if (claims.sellerUrl) payload.seller_url = claims.sellerUrl;
  if (claims.checkoutProductId !== undefined && claims.checkoutProductId !== null)
    payload.checkout_product_id = claims.checkoutProductId;
  if (claims.openCart) payload.open_cart = 1;
  return (
    new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(LINK_TOKEN_ISSUER)
      .setAudience(LINK_TOKEN_AUDIENCE)
      .setSubject(claims.mobile)
      .setIssuedAt(issuedAt)
      // Each token is unique, so two links made in the same second are still two links, each usable once.
      .setJti(randomBytes(12).toString('base64url'))
      .setExpirationTime(issuedAt + options.ttlSeconds)
      .sign(key)
  );
}

export type LinkVerification =
  /** `expiresAt`: how long a used link must be remembered as used. */
  | { status: 'valid'; claims: LinkClaims; expiresAt: Date }
  /** Signed by us and otherwise fine, but past its expiry: its claims are still trustworthy. */
  | { status: 'expired'; claims: LinkClaims }
  | { status: 'invalid' };

/**
 * Checks signature (HS256 only: `alg: none` and every other algorithm are refused), issuer, audience,
 * `typ` and expiry against `now` (the server clock). Anything else, garbage included, is `invalid`.
 */
export async function verifyLinkToken(key: Uint8Array, token: unknown, now: Date): Promise<LinkVerification> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return { status: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: LINK_TOKEN_ISSUER,
      audience: LINK_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    });
    const claims = claimsOf(payload);
    // `exp` is a required claim, checked by jose above.
    const expiresAt = new Date(Number(payload.exp) * 1000);
    return claims ? { status: 'valid', claims, expiresAt } : { status: 'invalid' };
  } catch (error) {
    // jose checks the signature, issuer and audience before the expiry, so an expired token's payload
    // has passed every other check; only its own claims are left to look at.
    if (error instanceof errors.JWTExpired && error.claim === 'exp') {
      const claims = claimsOf(error.payload);
      return claims ? { status: 'expired', claims } : { status: 'invalid' };
    }
    return { status: 'invalid' };
  }
}

function claimsOf(payload: Record<string, unknown>): LinkClaims | undefined {
  if (payload.typ !== LINK_TOKEN_TYPE) return undefined;
  const mobile = typeof payload.sub === 'string' ? parseAuMobile(payload.sub) : null;
  if (!mobile || mobile !== payload.sub) return undefined;
  const productId = payload.product_id;
  const campaignId = payload.campaign_id;
  const sellerUrl = payload.seller_url;
  const checkoutProductId = payload.checkout_product_id;
  return {
    mobile,
    productId: typeof productId === 'number' && Number.isSafeInteger(productId) ? productId : null,
    checkoutProductId:
      typeof checkoutProductId === 'number' && Number.isSafeInteger(checkoutProductId)
        ? checkoutProductId
        : null,
    openCart: payload.open_cart === 1,
    campaignId: typeof campaignId === 'string' ? campaignId : null,
    sellerUrl: typeof sellerUrl === 'string' ? sellerUrl : null,
  };
}
