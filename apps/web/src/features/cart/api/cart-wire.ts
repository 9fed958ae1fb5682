// The server's cart replies as the web app reads them (DECISIONS.md "Wire": Magento 2's shapes; the
// server's own types are in apps/server/src/modules/cart/cart-wire.ts).

/** [DATA-22] One configurable option as the cart line carries it. */
export interface ConfigurableItemOptionWire {
  option_id: number | string;
  option_value: number | string;
}

export interface ProductOptionWire {
  extension_attributes?: { configurable_item_options?: ConfigurableItemOptionWire[] };
}

/** What `POST carts/mine/items` sends [API-22]. The price is never sent: it comes from the catalogue. */
export interface CartItemRequest {
  sku: string;
  qty: number;
  quote_id?: number | string;
  product_option?: ProductOptionWire;
}

/** A line of the server cart. */
export interface CartItemWire {
  item_id: number;
  sku: string;
  qty: number;
  name: string;
  /** Dollars, from the catalogue. */
  price: number;
  product_type: 'simple' | 'configurable';
  quote_id: string;
  product_option?: ProductOptionWire;
  extension_attributes?: {
    /** The product page's id: the configurable parent, or the simple product. */
    product_id?: number;
    child_product_id?: number;
    row_total?: number;
    image?: string;
    is_giftcard?: boolean;
    seller_id?: number;
    seller_url?: string;
    product_seller_image?: string;
  };
}

/** [DATA-36..38] A member's address. */
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
  region?: { region: string; region_code: string; region_id: number };
  region_id?: number;
  country_id: string;
  email?: string;
  save_in_address_book?: boolean | number;
  default_shipping?: boolean;
  default_billing?: boolean;
}

export interface CartCustomerWire {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  fullname?: string;
  mobile?: string;
  store_id?: number;
  website_id?: number;
  /** Address ids as strings, as Magento sends them. */
  default_shipping?: string;
  default_billing?: string;
  addresses: AddressWire[];
}

/** [DATA-35] `GET carts/mine`. */
export interface QuoteWire {
  id: number;
  items: CartItemWire[];
  customer: CartCustomerWire;
  billing_address: AddressWire | null;
}

/** [DATA-39] A shipping method (estimates and `{ns}/shippingmethods`). */
export interface ShippingMethodWire {
  carrier_code: string;
  method_code: string;
  carrier_title?: string;
  method_title?: string;
  /** Dollars. */
  amount: number;
  available?: boolean;
  id?: number;
  price?: number;
}
