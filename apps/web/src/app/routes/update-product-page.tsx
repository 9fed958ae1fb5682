// /updateproduct/:id [ROUTE-10]: the catalogue's product page in 'update' mode [PDP-11], starting from
// the cart line's choice and quantity. 'Update Cart' changes the line [CART-07, CART-08], then the
// shopper goes to /checkout [CART-09]. `?item=` names the line when the product has several.
// Composed here because it joins two features: the catalogue's page and the cart's line.
import { MSG } from '@quokka/contract/messages';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { type AddToCartRequest, lineKey, lineSelection, updateCartLine } from '../../features/cart/public';
import { ProductPage } from '../../features/catalog/public';
import { useAppState } from '../../lib/app-state';
import type { StoredCartItem } from '../../lib/storage';

export function findLineToUpdate(
  items: readonly StoredCartItem[],
  productId: string | undefined,
  itemId: string | null,
): StoredCartItem | undefined {
  const ofProduct = items.filter((item) => String(item.id) === productId);
  return (itemId ? ofProduct.find((item) => String(item.item_id) === itemId) : undefined) ?? ofProduct[0];
}

export function UpdateProductPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const items = useAppState((state) => state.cartItems);
  const line = findLineToUpdate(items, id, search.get('item'));

  if (!line) {
    // Nothing of this product in the cart (removed meanwhile, or another device checked out).
    return (
      <Page title={MSG.updateCartItemHeading}>
        <p className="page__lead">{MSG.notInCart}</p>
        <ButtonLink to={`/product/${encodeURIComponent(id ?? '')}`}>{MSG.viewProduct}</ButtonLink>
      </Page>
    );
  }

  async function onUpdate(request: AddToCartRequest) {
    if (!line) return;
    if (await updateCartLine(line, request)) navigate('/checkout'); // [CART-09]
  }

  return (
    <ProductPage
      key={lineKey(line)}
      mode="update"
      onAddToCart={onUpdate}
      initialSelection={lineSelection(line)}
      initialQty={Number(line.qty)}
    />
  );
}
