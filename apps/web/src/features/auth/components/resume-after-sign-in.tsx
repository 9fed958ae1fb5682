// [I11-5] A sign-in that interrupted Add To Cart, Buy Now or the cart icon finishes that action. [I30] A
// reply-to-buy text's checkout link leaves the same kind of action: its item into the cart, then checkout. The
// sign-in (popup, or /autologin after registering) leads back to the path the shopper asked from
// (outcomePath); once signed in and there, the remembered action runs once. Mounted with the popups in
// the shell, so it outlives the pages the sign-in passes through.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openPopup, useAppState } from '../../../lib/app-state';
import { forgetSignInIntent, type SignInAction } from '../../../lib/sign-in-intent';
import { pendingSignInIntent } from '../../../lib/sign-in-intent-schema';
import { type AddToCartRequest, useAddToCart } from '../../cart/public';

type AddToCart = ReturnType<typeof useAddToCart>;

/**
 * [I30] A checkout link's item as the product page's Add to Cart request, null when it cannot be bought
 * (the catalogue's checkoutItemRequest, handed in by the shell: the catalogue already depends on sign-in).
 */
export type CheckoutItemLoader = (productId: number, itemId: number) => Promise<AddToCartRequest | null>;

/** Does what the shopper asked for before signing in, as the signed-in buttons would have. */
export async function finishSignInAction(
  action: SignInAction,
  cart: AddToCart,
  navigate: (path: string) => void,
  checkoutItem?: CheckoutItemLoader,
): Promise<void> {
  switch (action.kind) {
    case 'stay':
      return; // being back on the screen is all it asked for
    case 'open-cart':
      openPopup('cart'); // [SHELL-12]
      return;
    case 'add-tile': {
      const { tile } = action;
      // As a tile does signed in: options (colour, size, amount) are chosen on the product page.
      if (tile.type_id === 'configurable' || tile.is_giftcard) navigate(`/product/${tile.id}`);
      else cart.addTile(tile);
      return;
    }
    case 'add-choice':
      // Opens the cart popup, or a gift card's recipient screen.
      await cart.addChoice(action.request);
      return;
    case 'checkout-item': {
      // [I30] On the product's page: the item into the cart, then checkout. Gone or refused (the §8
      // popup says why), the shopper stays on the product page.
      const request = checkoutItem
        ? await checkoutItem(action.productId, action.itemId).catch(() => null)
        : null;
      if (request && (await cart.addForCheckout(request))) navigate('/checkout');
      return;
    }
  }
}

export function ResumeAfterSignIn({ checkoutItem }: { checkoutItem?: CheckoutItemLoader }) {
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const cart = useAddToCart();

  useEffect(() => {
    if (!signedIn) return;
    const intent = pendingSignInIntent();
    if (intent === null || intent.returnTo !== `${pathname}${search}`) return;
    forgetSignInIntent(); // once: a reload or a second tab event must not add the item again
    void finishSignInAction(intent.action, cart, navigate, checkoutItem);
  }, [signedIn, pathname, search, cart, navigate, checkoutItem]);

  return null;
}
