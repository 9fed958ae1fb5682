import type { ColumnType, Generated } from 'kysely';

// The one Database interface: every table, grouped by the module that owns it. Only that module's
// repository writes SQL against its tables (STYLE.md).

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

// providers/messaging — the sandbox outbox (DECISIONS.md "Sandbox mode")
export interface OutboxMessageTable {
  id: Generated<number>;
  to_number: string;
  kind: 'sms' | 'mms';
  body: string;
  media_url: string | null;
  created_at: CreatedAt;
}

// modules/catalog
export interface SellerTable {
  id: Generated<number>;
  seller_url: string;
  name: string;
  description: Generated<string>;
  logo_url: string;
  banner_url: string;
  created_at: CreatedAt;
}

export interface CategoryTable {
  id: Generated<number>;
  code: string;
  parent_id: number | null;
  name: string;
  level: number;
  path: Generated<string>;
  position: Generated<number>;
}

export type AttributeCode = 'color' | 'size' | 'gift_card_price';

export interface OptionValueTable {
  id: Generated<number>;
  attribute_code: AttributeCode;
  title: string;
  swatch: string | null;
  position: Generated<number>;
}

export interface ProductTabs {
  shipping?: { label: string; value: string }[];
  sizing_chart_url?: string | null;
  faq?: { question: string; answer: string }[];
}

export interface ProductTable {
  id: Generated<number>;
  sku: string;
  parent_id: number | null;
  seller_id: number;
  type_id: 'simple' | 'configurable';
  is_giftcard: Generated<boolean>;
  enabled: Generated<boolean>;
  name: string;
  price_cents: number;
  qty: Generated<number>;
  short_desc: Generated<string>;
  description: Generated<string>;
  color_id: number | null;
  size_id: number | null;
  gift_card_price_id: number | null;
  tabs: ColumnType<ProductTabs, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProductImageTable {
  product_id: number;
  position: number;
  url: string;
}

export interface ProductCategoryTable {
  product_id: number;
  category_id: number;
}

export interface MmsTemplateTable {
  id: Generated<number>;
  product_id: number;
  code: string;
  name: string;
  image_url: string;
  position: Generated<number>;
}

// modules/customer and modules/auth
export interface CustomerTable {
  id: Generated<number>;
  /** E.164, +614xxxxxxxx */
  mobile: string;
  email: string;
  firstname: string;
  lastname: string;
  store_id: number;
  website_id: number;
  campaign_id: string | null;
  default_billing_id: number | null;
  default_shipping_id: number | null;
  created_at: CreatedAt;
}

export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  firstname: string;
  lastname: string;
  telephone: string;
  street: ColumnType<string[], string, string>;
  city: string;
  postcode: string;
  region_id: number;
  region_code: string;
  region: string;
  country_id: Generated<string>;
  created_at: CreatedAt;
}

export interface CustomerTokenTable {
  token_hash: string;
  customer_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface OtpCodeTable {
  mobile: string;
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface OtpSendTable {
  id: Generated<number>;
  mobile: string;
  client_address: string;
  created_at: CreatedAt;
}

// providers/places — the offline Australian suburb list (migration 0005)
export interface PlaceTable {
  id: Generated<number>;
  suburb: string;
  /** Region code: NSW, VIC, … */
  state: string;
  region_id: number;
  postcode: string | null;
}

export interface Database {
  customers: CustomerTable;
  customer_addresses: CustomerAddressTable;
  customer_tokens: CustomerTokenTable;
  otp_codes: OtpCodeTable;
  otp_sends: OtpSendTable;
  places: PlaceTable;
  outbox_messages: OutboxMessageTable;
  sellers: SellerTable;
  categories: CategoryTable;
  option_values: OptionValueTable;
  products: ProductTable;
  product_images: ProductImageTable;
  product_categories: ProductCategoryTable;
  mms_templates: MmsTemplateTable;
}
