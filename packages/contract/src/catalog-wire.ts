// The catalogue's wire shapes (SPEC.md §3 Product, Seller, Category; §7 Catalogue), shared by the
// server's replies and the web app. Money on the wire is dollars with at most 2 decimals.

export type AttributeCode = 'color' | 'size' | 'gift_card_price';

/** [DATA-24] One choice of a configurable option. */
export interface OptionChoice {
  /** The option value id (Magento's value_index). */
  option_value: number;
  default_title: string;
  /** Units in stock over the children that have this value. */
  qty: number;
  /** Colour swatch as a CSS colour, for color options. */
  swatch?: string | null;
}

export interface ConfigurableOption {
  /** [CONST-14..16] 93 colour, 141 size, 216 gift card price. */
  option_id: number;
  attribute_code: AttributeCode;
  label: string;
  options: OptionChoice[];
}

/** A child of a configurable product: its own sku, stock and price. */
export interface ConfigurableChild {
  id: number;
  sku: string;
  name: string;
  qty: number;
  price: number;
  /** The option value ids this child stands for, keyed by attribute code. */
  options: Partial<Record<AttributeCode, number>>;
}

export interface SellerSummary {
  id: number;
  name: string;
  /** [DATA-28] seller_url, also called shop_url. */
  seller_url: string;
  shop_url: string;
  /** [DATA-29] image, also supplied_by_image (the supplier logo). */
  image: string;
  supplied_by_image: string;
  /** [DATA-30] description, also popup_description. */
  description: string;
  popup_description: string;
  /** The wide header picture of the seller profile. */
  banner_image: string;
}

/** A product as a list shows it (browseProducts, categoryProducts, sellerInformation). */
export interface ProductTile {
  id: number;
  name: string;
  sku: string;
  /** Stock; for a configurable product the sum over its children. */
  qty: number;
  /** For a configurable product the lowest child price ('From $x'). */
  price: number;
  type_id: 'simple' | 'configurable';
  is_giftcard: boolean;
  short_desc: string;
  /** [DATA-27] image, and images (main first). */
  image: string;
  images: string[];
  product_seller_image: string;
  seller_url: string;
}

export interface ProductTabs {
  /** Two rows, e.g. Delivery and Returns. */
  shipping: { label: string; value: string }[];
  sizing_chart: string | null;
  faq: { question: string; answer: string }[];
}

/** [DATA-24, DATA-25] The full product of the product call. */
export interface Product extends ProductTile {
  description: string;
  tabs: ProductTabs;
  seller: SellerSummary;
  configurable_options: Partial<Record<AttributeCode, ConfigurableOption>>;
  configurable_products: ConfigurableChild[];
  /** For each option and value, the skus of the children in stock that have it. */
  configurable_options_products: Partial<Record<AttributeCode, Record<string, string[]>>>;
}

export type ProductReply = Product | { status: false; not_exists: true };

/** [DATA-31] */
export interface Category {
  entity_id: number;
  value: string;
  children: Category[];
}

/** [DATA-43] */
export interface MmsTemplate {
  id: number;
  mms_template_id: number;
  mms_template_url: string;
  name: string;
}

export interface SellerInformationReply {
  status: boolean;
  seller: SellerSummary;
  products: ProductTile[];
}
