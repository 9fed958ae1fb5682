// What the catalogue's tiles and product page call to add to the cart. The work itself (add-line.ts:
// the server cart, the line, its popups) loads on the first add, so a list or a product page does not
// download it before the shopper asks for it.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { setOffline, withLoader } from '../../lib/app-state';
import type { AddToCartRequest } from './add-to-cart-request';

type AddLineModule = typeof import('./add-line');

/**
 * Runs `add` with the add's work (add-line.ts), loaded on the first add. The loader shows from the press
 * (as it did when the work was already in the page), not only once the module has arrived. Its module
 * failing to load is a lost connection, said as the shell says one [CONN-01]; the add is not made.
 */
function withAddLine<T>(add: (work: AddLineModule) => Promise<T>): Promise<T | null> {
  return withLoader(MSG.addingToCart, async () => {
    let work: AddLineModule;
    try {
      work = await import('./add-line');
    } catch {
      setOffline(true);
      return null;
    }
    return add(work);
  });
}

const addToCartHandlers = {
  /** A list tile's Add To Cart (simple products). */
  addTile: (tile: ProductTile): void => {
    void withAddLine((work) => work.addTileToCart(tile));
  },
  /** The product page's Add to Cart. */
  addChoice: async (request: AddToCartRequest): Promise<void> => {
    await withAddLine((work) => work.addChoiceToCart(request));
  },
  /** [I30] A checkout link's item, for checkout (no popup): true once it is in the cart. */
  addForCheckout: async (request: AddToCartRequest): Promise<boolean> =>
    (await withAddLine((work) => work.addChoiceForCheckout(request))) === true,
};

/** What the catalogue's tiles and product page call to add to the cart (the same while the path stays). */
export function useAddToCart() {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      ...addToCartHandlers,
      /** The product page's Add to Cart / Buy Now: a gift card goes on to its recipient. */
      addChoice: async (request: AddToCartRequest): Promise<void> => {
        if (!request.product.is_giftcard) return addToCartHandlers.addChoice(request);
        const path = await withAddLine((work) => work.buyGiftCard(request));
        if (path) navigate(path);
      },
    }),
    [navigate],
  );
}
