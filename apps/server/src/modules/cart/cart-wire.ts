import { CART_MIN_QTY } from '@quokka/contract/constants';
import { z } from 'zod';

// Magento 2's cart shapes as DECISIONS.md "Wire" fixes them: request schemas (a price, or anything
// else the client adds, is dropped here and never reaches the service) and the replies' types.

const MAX_QTY = 10_000;
const MAX_ID = 2_147_483_647;

/** A whole number, as JSON number or digit string (Magento clients send both). */
const wholeNumber = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);

/** [CONST-11] A cart quantity: a whole number of at least 1. */
export const cartQty = wholeNumber.pipe(
  z
    .number()
    .int({ message: 'must be a whole number' })
    .min(CART_MIN_QTY, { message: `must be at least ${CART_MIN_QTY}` })
    .max(MAX_QTY, { message: `must be at most ${MAX_QTY}` }),
);

export const idParam = wholeNumber.pipe(z.number().int().min(1).max(MAX_ID));

export const configurableItemOptionSchema = z.object({
  option_id: wholeNumber.pipe(z.number().int().min(1).max(MAX_ID)),
  option_value: wholeNumber.pipe(z.number().int().min(1).max(MAX_ID)),
});
export type ConfigurableItemOption = z.infer<typeof configurableItemOptionSchema>;

const productOptionSchema = z.object({
  extension_attributes: z
    .object({ configurable_item_options: z.array(configurableItemOptionSchema).max(10).optional() })
    .optional(),
});

export const addItemBody = z.object({
  cartItem: z.object({
    sku: z.string().trim().min(1, { message: 'is required' }).max(200),
    qty: cartQty,
    // Ignored: carts/mine always means the member's active cart, as in Magento.
    quote_id: z.union([z.string(), z.number()]).optional(),
    product_option: productOptionSchema.nullish(),
  }),
});
export type AddItemBody = z.infer<typeof addItemBody>;

export const updateItemBody = z.object({
  cartItem: z.object({ qty: cartQty }),
});

export const itemParams = z.object({ itemId: idParam });

export interface CartItemWire {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  /** Dollars, from the catalogue. */
  price: number;
  product_type: 'simple' | 'configurable';
  quote_id: string;
  product_option?: {
    extension_attributes: { configurable_item_options: { option_id: string; option_value: number }[] };
  };
  extension_attributes: {
    /** The product page's id: the configurable parent, or the simple product itself. */
    product_id: number;
    /** The product bought: a configurable product's child, or the simple product. */
    child_product_id: number;
    /** [CONST-12] price × qty, in dollars. */
    row_total: number;
    image: string;
    is_giftcard: boolean;
    seller_id: number;
    seller_url: string;
    product_seller_image: string;
  };
}

export interface AddressWire {
  id?: number;
  customer_id?: number;
  customer_address_id?: number;
  firstname: string;
  lastname: string;
  telephone: string;
  street: string[];
  city: string;
  postcode: string;
  region: { region: string; region_code: string; region_id: number };
  region_id: number;
  country_id: string;
  email?: string;
  default_shipping?: boolean;
  default_billing?: boolean;
}

export interface CartCustomerWire {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  fullname: string;
  mobile: string;
  store_id: number;
  website_id: number;
  /** Address ids as strings, as Magento sends them; absent when not set. */
  default_shipping?: string;
  default_billing?: string;
  addresses: AddressWire[];
}

/** [DATA-35] GET carts/mine. */
export interface QuoteWire {
  id: number;
  is_active: true;
  items_count: number;
  items_qty: number;
  items: CartItemWire[];
  customer: CartCustomerWire;
  billing_address: AddressWire | null;
  currency: { quote_currency_code: 'AUD'; base_currency_code: 'AUD' };
}
