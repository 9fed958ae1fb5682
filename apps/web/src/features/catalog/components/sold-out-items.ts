// [I31] Which sold-out items of the product page a shopper may ask to be texted about: a sold-out simple
// product; for a configurable product the chosen child when it is sold out, else the sold-out children of
// the chosen colour (before a colour is chosen: all of them, only when every one is sold out). Sold-out sizes cannot be chosen on the page
// (their swatches are disabled), so the box names them itself. Part of the first load: kept tiny, no
// contract schema; the box itself (back-in-stock.tsx) loads only when this list is not empty.
import type { AttributeCode, ConfigurableChild, Product } from '@quokka/contract/api/catalog';
import type { OptionSelection } from '@quokka/contract/product-options';

export interface SoldOutItem {
  id: number;
  /** 'Navy / L' for a child; null for a simple product. */
  label: string | null;
}

const LABEL_CODES: readonly AttributeCode[] = ['color', 'size'];

function childLabel(product: Product, child: ConfigurableChild): string {
  return LABEL_CODES.flatMap((code) => {
    const value = child.options[code];
    if (value === undefined) return [];
    const title = product.configurable_options[code]?.options.find(
      (choice) => String(choice.option_value) === String(value),
    )?.default_title;
    return title ? [title] : [];
  }).join(' / ');
}

export function soldOutItems(
  product: Product,
  selection: OptionSelection,
  child: ConfigurableChild | undefined,
): SoldOutItem[] {
  if (product.is_giftcard) return [];
  if (product.type_id !== 'configurable') return product.qty > 0 ? [] : [{ id: product.id, label: null }];
  if (child) return child.qty > 0 ? [] : [{ id: child.id, label: childLabel(product, child) }];
  const colour = selection.color;
  const noColour = colour === null || colour === undefined;
  // Before a colour is chosen, only a product sold out in every choice offers the box (no call otherwise).
  if (noColour && product.configurable_products.some((item) => item.qty > 0)) return [];
  return product.configurable_products
    .filter((item) => item.qty <= 0 && (noColour || String(item.options.color) === String(colour)))
    .map((item) => ({ id: item.id, label: childLabel(product, item) }));
}
