// What the product page hands to the cart (SPEC.md §3 Cart item): the product, the chosen child and
// options, the quantity. The cart declares it because the cart is what receives it; the catalogue's
// product page builds it (features/catalog/components/product-choice.ts).
import type { AttributeCode, ConfigurableChild, Product } from '@quokka/contract/api/catalog';

/** One chosen option as a cart line carries it (DATA-22: option_id, option_value, option_title…). */
export interface ChosenOption {
  attribute_code: AttributeCode;
  option_id: number;
  option_value: number;
  option_title: string;
}

export interface AddToCartRequest {
  product: Product;
  /** The chosen child of a configurable product. */
  child: ConfigurableChild | null;
  /** The sku to add: the child's, or the product's own. */
  sku: string;
  qty: number;
  options: ChosenOption[];
  /** [DATA-26] The gift card price is the option title of the chosen sku ('$50'); null for other products. */
  giftCardPrice: string | null;
}
