// The shape of a stored sign-in intent (sign-in-intent.ts) and its checked read. Apart from
// sign-in-intent.ts so that asking to sign in (a tile's Add To Cart) does not load zod and the catalogue
// schemas with the first screen: only finishing a sign-in reads the intent back.
import {
  attributeCodeSchema,
  configurableChildSchema,
  productSchema,
  productTileSchema,
} from '@quokka/contract/api/catalog';
import { z } from 'zod';

const chosenOptionSchema = z.object({
  attribute_code: attributeCodeSchema,
  option_id: z.number(),
  option_value: z.number(),
  option_title: z.string(),
});

const signInActionSchema = z.discriminatedUnion('kind', [
  /** A screen that needs a member (checkout, a gift card screen): signing in comes back to it. */
  z.object({ kind: z.literal('stay') }),
  /** The cart icon: open the cart popup. */
  z.object({ kind: z.literal('open-cart') }),
  /** A list tile's Add To Cart. */
  z.object({ kind: z.literal('add-tile'), tile: productTileSchema }),
  /**
   * [I30] A reply-to-buy text's checkout link (/t/<code>/checkout): on the product's page, its one item
   * (the product itself, or its child `itemId`) goes into the cart and checkout opens.
   */
  z.object({ kind: z.literal('checkout-item'), productId: z.number(), itemId: z.number() }),
  /** The product page's Add to Cart or Buy Now, with the choice made (the cart's AddToCartRequest). */
  z.object({
    kind: z.literal('add-choice'),
    request: z.object({
      product: productSchema,
      child: configurableChildSchema.nullable(),
      sku: z.string(),
      qty: z.number().int().positive(),
      options: z.array(chosenOptionSchema),
      giftCardPrice: z.string().nullable(),
    }),
  }),
]);
export type SignInAction = z.infer<typeof signInActionSchema>;

const signInIntentSchema = z.object({
  /** The in-app path (and query) the shopper asked from; the action runs there. */
  returnTo: z.string().regex(/^\/(?!\/)/),
  expiresAt: z.number(),
  action: signInActionSchema,
});
export type SignInIntent = z.infer<typeof signInIntentSchema>;

import { forgetSignInIntent, SIGN_IN_INTENT_KEY, session } from './sign-in-intent';

/** The intent still to finish: null when none, expired or not one this app wrote (and then forgotten). */
export function pendingSignInIntent(now: number = Date.now()): SignInIntent | null {
  let raw: string | null = null;
  try {
    raw = session()?.getItem(SIGN_IN_INTENT_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // not JSON: dropped below
  }
  const result = signInIntentSchema.safeParse(parsed);
  if (!result.success || result.data.expiresAt <= now) {
    forgetSignInIntent();
    return null;
  }
  return result.data;
}
