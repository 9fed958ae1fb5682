// What the catalogue's tiles and product page call to add to the cart. The work itself (add-line.ts:
// the server cart, the line, its popups) loads on the first add, so a list or a product page does not
// download it before the shopper asks for it.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { setOffline } from '../../lib/app-state';
import type { AddToCartRequest } from './add-to-cart-request';

/**
 * The add's work (add-line.ts), loaded on the first add. Its module failing to load is a lost
 * connection, said as the shell says one [CONN-01]; the add is not made.
 */
async function addLineModule(): Promise<typeof import('./add-line') | null> {
  try {
    return await import('./add-line');
  } catch {
    setOffline(true);
    return null;
  }
}

const addToCartHandlers = {
  /** A list tile's Add To Cart (simple products). */
  addTile: (tile: ProductTile): void => {
    void addLineModule().then((work) => work?.addTileToCart(tile));
  },
  /** The product page's Add to Cart. */
  addChoice: async (request: AddToCartRequest): Promise<void> => {
    await (await addLineModule())?.addChoiceToCart(request);
  },
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
        const path = await (await addLineModule())?.buyGiftCard(request);
        if (path) navigate(path);
      },
    }),
    [navigate],
  );
}
