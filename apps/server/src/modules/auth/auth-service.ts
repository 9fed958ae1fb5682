import { createHmac, randomInt } from 'node:crypto';
import type { AuthProduct, AuthReply, AuthSeller } from '@quokka/contract/api/auth';
import {
  COUNTRY_ID,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_S,
  VERIFIED_MOBILE_TOKEN_TTL_S,
} from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import {
  normaliseOtpCode,
  validateConfirmCode,
  validateSendCode,
} from '@quokka/contract/validate-mobile-popup';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InputValidationError, TooManyRequestsError } from '../../domain/errors.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { recordShopperMessage } from '../messages/shopper-messages.ts';
import type { AuthKeys } from './auth-secret.ts';
import { codeMessage, describeWait, TEXT } from './auth-texts.ts';
import { type LinkClaims, signLinkToken, verifyLinkToken } from './link-tokens.ts';
import {
  type ConfirmRefusal,
  checkCode,
  type SendLimits,
  type SendRefusal,
  storeCodeWithinLimits,
} from './otp-repository.ts';
import { hashToken, type TokenService } from './token-service.ts';
import { claimLinkUse } from './used-link-repository.ts';

// Passwordless sign-in (SPEC.md §4 Sign-in, DECISIONS.md "Sign-in"): one-time codes by text message,
// verified-mobile tokens, and the `auth` call that turns a link or verified-mobile token into a session.

// The auth reply and the link's product and seller are the contract's (`@quokka/contract/api/auth`).
export type { AuthProduct, AuthReply, AuthSeller };

/** What a link token says, as the auth reply carries it beside the outcome. */
type LinkFields = Omit<Extract<AuthReply, { new_user: true }>, 'status' | 'new_user'>;

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  messaging: MessagingProvider;
  /** Issues the bearer token of a signed-in member and revokes it at sign-out. */
  tokens: TokenService;
  keys: AuthKeys;
  limits: SendLimits;
  /** The shop-wide SMS budget (http/sms-budget.ts): false when this send would exceed it. */
  smsBudget?: { take(mobile: string): boolean };
  storeName: string;
  /** The public host, for the WebOTP line of the code message. */
  publicHost?: string;
  findCustomerIdByMobile(mobile: string): Promise<number | undefined>;
  /** The link's product from the catalogue, null when it does not exist. */
  findProduct(productId: number): Promise<AuthProduct | null>;
  /** The link's seller from the catalogue, null when it does not exist (or is suspended: [I32]). */
  findSeller(sellerUrl: string): Promise<AuthSeller | null>;
  /**
   * [I32] Throws (403, "This account is suspended. Contact …") when the member is suspended: a right code
   * and a link sign a suspended member in nowhere (modules/customer/member-suspension.ts).
   */
  refuseSuspendedMember?(customerId: number): Promise<void>;
  /** Sandbox only: shows a sent code to the developer (the start-up log prints it). */
  showCode?: (mobile: string, code: string) => void;
}

export interface ConfirmInput {
  mobile?: string | null;
  code?: string | null;
  expired?: boolean | null;
  expired_jwt?: string | null;
}

const SMS_BUDGET_SPENT = 'We cannot send codes just now. Please try again in a few minutes.';

const fieldErrors = (errors: Record<string, string | undefined>) =>
  new InputValidationError(toInputValidation(errors));

// [DECISIONS "Sign-in"] Whatever went wrong with a code (wrong, used, expired, replaced, spent), the
// answer is the same: nothing tells a guesser which.
const wrongCode = () => fieldErrors({ code: MSG.validCode });

/** The 429 for a refused code send, saying why and how long to wait (shoppers' and staff codes alike). */
export function refusalError(refusal: SendRefusal): TooManyRequestsError {
  const wait = describeWait(refusal.retryAfterSeconds);
  const message =
    refusal.reason === 'interval'
      ? TEXT.waitBeforeResend(wait)
      : refusal.reason === 'number'
        ? TEXT.tooManyForNumber(wait)
        : refusal.reason === 'guessing'
          ? TEXT.tooManyWrongCodes(wait)
          : TEXT.tooManyFromAddress(wait);
  return new TooManyRequestsError(message, refusal.retryAfterSeconds);
}

/** [I12-7] A confirm refused for too many wrong codes, from this number or this address. */
function guessingError(refusal: ConfirmRefusal): TooManyRequestsError {
  const wait = describeWait(refusal.retryAfterSeconds);
  const message =
    refusal.reason === 'guessing' ? TEXT.tooManyWrongCodes(wait) : TEXT.tooManyWrongCodesFromAddress(wait);
  return new TooManyRequestsError(message, refusal.retryAfterSeconds);
}

/** `OTP_LENGTH` digits from the cryptographic generator, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The outbox row's purpose of a sign-in code (recorded after it is sent; its text never is). */
export const SIGN_IN_CODE_PURPOSE = 'sign_in_code';

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, keys } = deps;

  // Keyed with the signing secret, so a copy of the database does not give the codes away: six digits
  // are too few to survive a plain hash. The mobile is in it, so one code's hash says nothing of another's.
  const hashCode = (mobile: string, code: string) =>
    createHmac('sha256', keys.codeKey).update(`${mobile}:${code}`).digest('hex');

  async function linkFields(claims: LinkClaims): Promise<LinkFields> {
    return {
      mobile: claims.mobile,
      campaign_id: claims.campaignId ?? null,
      product_id: claims.productId ?? null,
      seller_url: claims.sellerUrl ?? null,
      seller: claims.sellerUrl ? await deps.findSeller(claims.sellerUrl) : null,
    };
  }

  return {
    /**
     * [API-07] Sends a new code to a valid mobile, within the limits. The same work and the same answer
     * whether or not a member has the number: membership is not even looked up here.
     */
    async sendCode(input: { mobile?: string | null }, clientAddress: string): Promise<void> {
      const errors = validateSendCode(input);
      const mobile = parseAuMobile(input.mobile);
      if (hasErrors(errors) || !mobile) throw fieldErrors(errors);
      const code = newCode();
      const now = clock.now();
      const refusal = await storeCodeWithinLimits(
        db,
        {
          mobile,
          clientAddress,
          codeHash: hashCode(mobile, code),
          now,
          expiresAt: new Date(now.getTime() + OTP_TTL_S * 1000),
        },
        deps.limits,
      );
      if (refusal) throw refusalError(refusal);
      // [I12-1] The last line against an SMS bill: the code stays unsent (and unknown to anyone).
      if (deps.smsBudget && !deps.smsBudget.take(mobile))
        throw new TooManyRequestsError(SMS_BUDGET_SPENT, 15 * 60);
      // Sent at once (the person is waiting), then recorded in the one outbox table as sent: its purpose,
      // number and provider id for the status callbacks, never its text (the code is never stored in clear).
      const sent = await deps.messaging.sendSms(mobile, codeMessage(deps.storeName, code, deps.publicHost));
      await recordShopperMessage(
        db,
        deps.messaging,
        { to: mobile, kind: 'sms', purpose: SIGN_IN_CODE_PURPOSE, providerMessageId: sent.providerMessageId },
        clock.now(),
      );
      deps.showCode?.(mobile, code);
    },

    /**
     * [API-08] The code for the mobile → a verified-mobile token. With `expired` and the expired link's
     * token, the new token carries that link's product, campaign and seller.
     */
    async confirmCode(input: ConfirmInput, clientAddress: string): Promise<{ status: true; jwt: string }> {
      const errors = validateConfirmCode(input, { requireFullCode: true });
      if (errors.mobile) throw fieldErrors({ mobile: errors.mobile });
      const mobile = parseAuMobile(input.mobile);
      if (errors.code || !mobile || typeof input.code !== 'string') throw wrongCode();
      const now = clock.now();
      const result = await checkCode(
        db,
        {
          mobile,
          clientAddress,
          codeHash: hashCode(mobile, normaliseOtpCode(input.code)),
          now,
          maxAttempts: OTP_MAX_ATTEMPTS,
        },
        deps.limits.guessing,
      );
      if (typeof result === 'object') throw guessingError(result);
      if (result !== 'accepted') throw wrongCode();
      // [I32] Only after the right code: the number's holder, and nobody else, learns of the suspension.
      const member = deps.refuseSuspendedMember ? await deps.findCustomerIdByMobile(mobile) : undefined;
      if (member !== undefined) await deps.refuseSuspendedMember?.(member);
      const carried = input.expired ? await carriedClaims(input.expired_jwt, mobile, now) : {};
      const jwt = await signLinkToken(
        keys.tokenKey,
        { ...carried, mobile },
        { now, ttlSeconds: VERIFIED_MOBILE_TOKEN_TTL_S },
      );
      return { status: true, jwt };
    },

    /**
     * [API-06, DATA-32] A link or verified-mobile token → who this is and what to do next. A token signs
     * a member in once [I12-2]: used again, it answers as an expired link does, so the shopper
     * is asked for a code with the mobile filled in and a leaked, used link is worth nothing.
     */
    async authenticate(jwt: unknown): Promise<AuthReply> {
      const now = clock.now();
      const verification = await verifyLinkToken(keys.tokenKey, jwt, now);
      if (verification.status === 'invalid' || typeof jwt !== 'string') return { status: false };
      const { claims } = verification;
      const expiredLink = { status: true, expired_link: true, mobile: claims.mobile } as const;
      if (verification.status === 'expired') return expiredLink;
      const fields = await linkFields(claims);
      const customerId = await deps.findCustomerIdByMobile(claims.mobile);
      // A new shopper's token is not spent here: the registration form still needs it as its proof.
      if (customerId === undefined) return { status: true, new_user: true, ...fields };
      await deps.refuseSuspendedMember?.(customerId);
      const firstUse = await claimLinkUse(db, {
        tokenHash: hashToken(jwt),
        expiresAt: verification.expiresAt,
        now,
      });
      if (!firstUse) return expiredLink;
      const token = await deps.tokens.issue(customerId);
      const product = fields.product_id === null ? null : await deps.findProduct(fields.product_id);
      return {
        status: true,
        existing_user: true,
        token,
        ...fields,
        country_code: COUNTRY_ID,
        currency_rate: 1,
        product,
        // [I30] A checkout link: the web app puts this item in the cart and opens checkout.
        ...(claims.checkoutProductId != null ? { checkout_product_id: claims.checkoutProductId } : {}),
        // [I31] A cart-left-behind text's link: the web app opens the member's cart.
        ...(claims.openCart ? { open_cart: true as const } : {}),
      };
    },

    /** [AUTH-04..07] The bearer token stops working at once. */
    async signOut(token: string): Promise<void> {
      await deps.tokens.revoke(token);
    },

    /** [I12-6] 'Sign out everywhere': every session of the member stops working at once, this one too. */
    async signOutEverywhere(customerId: number): Promise<void> {
      await deps.tokens.revokeAll(customerId);
    },
  };

  /** The expired link's product, campaign and seller: signature checked, expiry ignored, same mobile. */
  async function carriedClaims(
    expiredJwt: unknown,
    mobile: E164Mobile,
    now: Date,
  ): Promise<Partial<LinkClaims>> {
    const old = await verifyLinkToken(keys.tokenKey, expiredJwt, now);
    if (old.status === 'invalid' || old.claims.mobile !== mobile) return {};
    const { productId, campaignId, sellerUrl, checkoutProductId, openCart } = old.claims;
    return { productId, campaignId, sellerUrl, checkoutProductId, openCart };
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
