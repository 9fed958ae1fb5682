import type { AddressSnapshot } from '@quokka/contract/api/address';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

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
  /** [I32] Migration 0029: the seller's delivery words, and an operator's suspension (null: selling). */
  shipping_info: Generated<string>;
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  suspended_reason: ColumnType<string | null, string | null | undefined, string | null>;
  suspended_by: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** [DATA-24] A variant's place of its colour, and of its size, within its product (migration 0011). */
  color_position: Generated<number | null>;
  size_position: Generated<number | null>;
  tabs: ColumnType<ProductTabs, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** [I32] Migration 0029: an operator's review of a new product under PRODUCT_REVIEW=manual. */
  review_status: Generated<ProductReviewStatus>;
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
  submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** False while the product's seller is suspended (written with the suspension). */
  seller_active: Generated<boolean>;
  /** Generated: enabled and approved and the seller active — what the storefront shows and sells. */
  listed: GeneratedAlways<boolean>;
}

export type ProductReviewStatus = 'approved' | 'waiting' | 'refused';

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
  /** [I32] Migration 0029: a suspended member cannot sign in, order or redeem. */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  suspended_reason: ColumnType<string | null, string | null | undefined, string | null>;
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

// A sign-in link that gave a session: it never gives another (migration 0009).
export interface UsedSignInLinkTable {
  token_hash: string;
  expires_at: Date;
  used_at: Date;
}

// A refused code: counted per number and per client address to cap guessing (migration 0009).
export interface OtpFailureTable {
  id: Generated<number>;
  mobile: string;
  client_address: string;
  created_at: Date;
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

// modules/cart, modules/checkout and providers/payments (migration 0006)
/** An address as Magento carries it (SPEC.md §3 Address), kept as a snapshot on carts and orders. */
export type { AddressSnapshot };

type AddressColumn = ColumnType<AddressSnapshot, string, string>;

export interface ShippingMethodTable {
  id: Generated<number>;
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amount_cents: number;
  giftcard_only: Generated<boolean>;
  enabled: Generated<boolean>;
}

export interface CartTable {
  id: Generated<number>;
  customer_id: number;
  status: Generated<'active' | 'ordered'>;
  shipping_method_id: number | null;
  shipping_address: ColumnType<AddressSnapshot | null, string | null | undefined, string | null>;
  billing_address: ColumnType<AddressSnapshot | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface CartItemTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  qty: number;
  created_at: CreatedAt;
}

export interface OrderTable {
  id: Generated<number>;
  increment_id: Generated<string>;
  customer_id: number;
  cart_id: number;
  idempotency_key: string | null;
  status: Generated<OrderStatus>;
  customer_name: string;
  customer_email: string;
  shipping_method_id: number | null;
  shipping_carrier_code: string;
  shipping_method_code: string;
  shipping_title: string;
  shipping_cents: number;
  subtotal_cents: number;
  grand_total_cents: number;
  shipping_address: AddressColumn;
  billing_address: AddressColumn;
  payment_provider: string;
  payment_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: CreatedAt;
  authorised_cents: Generated<number>;
  captured_cents: Generated<number>;
  refunded_cents: Generated<number>;
  shipping_refunded_cents: Generated<number>;
  payment_state: Generated<PaymentState>;
  capture_by: Date | null;
  reviewed_at: Date | null;
  reviewed_by: number | null;
  refusal_reason: string | null;
  cancelled_at: Date | null;
  customer_mobile: string | null;
  /** [I16] The part of grand_total_cents a gift card paid; the payment card was authorised for the rest. */
  gift_card_cents: Generated<number>;
  /** [I16] The seller whose own link or profile the shopper came through; null: all lines are marketplace sales. */
  affiliate_seller_id: number | null;
  /** [I29] The campaign whose link the shopper last clicked within 5 days of ordering (migration 0026). */
  campaign_id: number | null;
  campaign_recipient_id: number | null;
  /** [I30] The reply offer this order was bought by (migration 0027): "Bought by reply". */
  reply_offer_id: number | null;
  /** [I31] The automated text whose link the shopper last clicked within 5 days of ordering (0028). */
  automation_send_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** [I15] DECISIONS.md "After checkout" (migration 0014). */
export type OrderStatus =
  | 'pending_review'
  | 'approved'
  | 'partially_shipped'
  | 'shipped'
  | 'refused'
  | 'cancelled';
export type PaymentState = 'authorised' | 'captured' | 'partially_refunded' | 'refunded' | 'released';

export interface OrderEventTable {
  id: Generated<string>;
  order_id: number;
  created_at: CreatedAt;
  type: string;
  /** 'shopper', 'system', 'stripe', 'twilio', or 'staff:<id>'. */
  actor: string;
  staff_id: number | null;
  seller_id: number | null;
  summary: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  message_id: number | null;
}

export interface OrderShipmentTable {
  id: Generated<number>;
  order_id: number;
  seller_id: number;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  staff_id: number | null;
  shipped_at: CreatedAt;
  /** [I31] Marked delivered by the seller's staff or an operator (migration 0028): the thank-you's clock. */
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  delivered_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderRefundTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  shipping_cents: Generated<number>;
  lines: ColumnType<
    { order_item_id: number; qty: number; amount_cents: number }[],
    string | undefined,
    string
  >;
  restocked: Generated<boolean>;
  reason: string | null;
  source: 'staff' | 'cancellation' | 'provider' | 'gift_card_void';
  idempotency_key: string;
  provider_refund_id: string | null;
  staff_id: number | null;
  created_at: CreatedAt;
}

export type SentMessageStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered';

export interface SentMessageTable {
  id: Generated<number>;
  provider: string;
  provider_message_id: string;
  kind: 'sms' | 'mms';
  purpose: string;
  to_number: string;
  order_id: number | null;
  gift_card_id: number | null;
  status: Generated<SentMessageStatus>;
  error_code: string | null;
  status_at: Date | null;
  created_at: CreatedAt;
  // The outbox (migration 0024, modules/messages/outbox.ts).
  body: string | null;
  media_url: string | null;
  render: string | null;
  idempotency_key: string | null;
  send_state: Generated<OutboxSendState>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  quiet_zone: string | null;
  lease_owner: string | null;
  lease_until: Date | null;
  intent_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  /** [I29] The campaign recipient a marketing text is for (migration 0026). */
  campaign_recipient_id: number | null;
  /** [I31] The automated text this row sends (migration 0028). */
  automation_send_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 'cancelled': never to be sent (migration 0025; a voided gift card's, an order's refused or cancelled). */
export type OutboxSendState = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

export interface WebhookEventTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: CreatedAt;
}

export interface GiftCardResendTable {
  id: Generated<number>;
  card_id: number;
  request_key: string;
  to_mobile: string;
  staff_id: number | null;
  message_id: number | null;
  created_at: CreatedAt;
}

export interface SandboxRefundTable {
  id: string;
  charge_id: string;
  amount_cents: number;
  idempotency_key: string;
  created_at: CreatedAt;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  cart_item_id: number;
  product_id: number | null;
  parent_product_id: number | null;
  seller_id: number;
  sku: string;
  name: string;
  is_giftcard: boolean;
  price_cents: number;
  qty: number;
  row_total_cents: number;
  refunded_qty: Generated<number>;
  refunded_cents: Generated<number>;
}

export interface PaymentCustomerTable {
  customer_id: number;
  provider: string;
  provider_customer_id: string;
  created_at: CreatedAt;
}

export interface SandboxSavedCardTable {
  id: string;
  customer_id: number;
  test_payment_method: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: CreatedAt;
}

export interface SandboxChargeTable {
  id: string;
  customer_id: number;
  amount_cents: number;
  currency: string;
  payment_method: string;
  idempotency_key: string;
  status: 'authorised' | 'captured' | 'released' | 'refunded';
  captured_cents: Generated<number>;
  refunded_cents: Generated<number>;
  created_at: CreatedAt;
}

// modules/giftcards and worker/ (migration 0007)
export interface GiftCardDetailsTable {
  id: Generated<number>;
  customer_id: number;
  cart_id: number;
  cart_item_id: number | null;
  /** The gift card product (configurable parent). */
  product_id: number;
  /** The price child's sku. */
  configurable_product_sku: string;
  product_name: string;
  amount_cents: number;
  gift_card_no: string;
  recipient_firstname: string;
  recipient_lastname: string;
  /** E.164 */
  recipient_mobile: string;
  recipient_message: string;
  /** E.164 */
  purchaser_mobile: string;
  mms_template_id: number | null;
  mms_template_url: string | null;
  pass_id: string | null;
  scheduled_at: Date | null;
  delivery_timezone: string | null;
  valid_until: Date | null;
  order_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  voided_at: Date | null;
  voided_by: number | null;
  void_reason: string | null;
  /** The reference in the card's texts ('Ref G-<key>'), set when it is ordered (migration 0025). */
  delivery_key: string | null;
  /** [I16] The seller whose items the card spends on (its product's seller, set by a trigger on insert). */
  seller_id: Generated<number | null>;
  /** [I16] What is left to spend; starts at amount_cents (a trigger sets it), never below 0. */
  balance_cents: Generated<number>;
}

// [I16] modules/giftcards (migration 0016): every spend and give-back of a card's balance.
export type GiftCardRedemptionKind = 'in_store' | 'order' | 'order_give_back';
export interface GiftCardRedemptionTable {
  id: Generated<number>;
  gift_card_id: number;
  seller_id: number;
  /** Positive: spent; negative: given back. */
  amount_cents: number;
  kind: GiftCardRedemptionKind;
  order_id: number | null;
  staff_id: number | null;
  balance_after_cents: number;
  idempotency_key: string;
  created_at: Date;
}

// [I16] modules/ledger (migration 0016): sellers' money. docs/money.md.
export type LedgerKind =
  | 'sale'
  | 'gift_card_sale'
  | 'shipping'
  | 'service_fee'
  | 'commission'
  | 'fee_gst'
  | 'refund'
  | 'commission_reversal'
  | 'fee_gst_reversal'
  | 'chargeback'
  | 'gift_card_redemption'
  | 'gift_card_in_store'
  | 'adjustment'
  // [I32] Migration 0030: the monthly subscription (GST-exclusive) and its GST, on the month's first statement.
  | 'subscription'
  | 'subscription_gst';

/** Append-only (the database refuses UPDATE, DELETE and TRUNCATE). Amount signed from the seller's side. */
export interface LedgerEntryTable {
  id: Generated<string>;
  seller_id: number;
  occurred_at: Date;
  /** The Sydney date of the Monday its week ends on, 'YYYY-MM-DD'. */
  week_ends_on: string;
  kind: LedgerKind;
  amount_cents: number;
  base_cents: number | null;
  event_key: string;
  order_id: number | null;
  order_increment_id: string | null;
  order_item_id: number | null;
  refund_id: number | null;
  gift_card_id: number | null;
  description: string;
  created_at: CreatedAt;
}

/** [I13-hotpath] Migration 0017: moves on when a transaction changes sellers or option values. */
export interface CatalogueEpochTable {
  one: boolean;
  n: number;
}

/** [I13-hotpath] A product's rendered tile or product reply (catalogue-documents.ts). */
export interface CatalogueDocumentTable {
  product_id: number;
  kind: 'tile' | 'product';
  epoch: number;
  signature: string;
  body: string;
  etag: string;
}

/** [I16-redeem] A gift card number a vendor's staff did not find (migration 0018). */
export interface GiftCardLookupMissTable {
  id: Generated<number>;
  staff_id: number;
  at: Date;
}

export interface SellerStatementTable {
  id: Generated<number>;
  seller_id: number;
  seller_name: string;
  week_ends_on: string;
  period_start: Date;
  period_end: Date;
  remittance_on: string;
  totals: ColumnType<Record<string, number>, string, string>;
  entry_count: number;
  net_cents: number;
  brought_forward_cents: number;
  payable_cents: number;
  carried_forward_cents: number;
  generated_at: Date;
  paid_at: Date | null;
}

export interface SellerBankAccountTable {
  seller_id: number;
  account_name: string;
  /** '062-000' */
  bsb: string;
  account_number: string;
  updated_at: Date;
  updated_by: number | null;
}

export interface PayoutRunTable {
  id: Generated<number>;
  status: Generated<'draft' | 'remitted' | 'cancelled'>;
  process_on: string;
  total_cents: number;
  created_at: Date;
  created_by: number | null;
  remitted_at: Date | null;
  remitted_by: number | null;
}

export interface PayoutItemTable {
  id: Generated<number>;
  payout_run_id: number;
  statement_id: number;
  seller_id: number;
  amount_cents: number;
  account_name: string;
  bsb: string;
  account_number: string;
}

export interface TaxInvoiceTable {
  id: Generated<number>;
  invoice_number: Generated<number>;
  seller_id: number;
  seller_name: string;
  month: string;
  issued_on: string;
  service_fee_cents: number;
  commission_cents: number;
  gst_cents: number;
  /** [I32] Migration 0030: the month's subscription (GST-exclusive) and its GST; 0 before. */
  subscription_cents: Generated<number>;
  subscription_gst_cents: Generated<number>;
  total_cents: number;
  created_at: Date;
}

export interface GiftCardOrderTable {
  order_id: number;
  cart_id: number;
  customer_id: number;
  created_at: CreatedAt;
}

// modules/media — the media store's index (migration 0010, docs/media.md)
export interface PictureTable {
  key: string;
  format: 'svg' | 'png' | 'jpg';
  width: number;
  height: number;
  bytes: number;
  stored_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PictureSourceTable {
  /** `sha256:{hex}` of a file or data: URL as read, or an http(s) URL. */
  source: string;
  picture_key: string;
  created_at: CreatedAt;
}

// modules/staff — the back office's accounts, sessions, passkeys and audit log (docs/back-office.md)
export type StaffRole = 'operator' | 'vendor';

export interface StaffTable {
  id: Generated<number>;
  mobile: string;
  name: string;
  role: StaffRole;
  seller_id: number | null;
  created_at: CreatedAt;
  removed_at: Date | null;
  /** [I32] Migration 0029: the seller's owner, who adds and removes that seller's staff. */
  seller_owner: Generated<boolean>;
}

export interface StaffSessionTable {
  id_hash: string;
  staff_id: number;
  stage: 'needs_passkey' | 'full';
  created_at: Date;
  last_seen_at: Date;
  passkey_verified_at: Date | null;
  /** [I27-recovery] The passkey of the last check (migration 0020). */
  passkey_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface StaffPasskeyTable {
  id: Generated<number>;
  staff_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: ColumnType<string, number | string | bigint, number | string | bigint>;
  transports: ColumnType<string[], string, string>;
  created_at: Date;
  last_used_at: Date | null;
  /** [I27-recovery] Until then a check with it does not count for money actions; null: it counts. */
  pending_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface StaffWebauthnChallengeTable {
  challenge: string;
  purpose: 'registration' | 'sign_in' | 'step_up';
  staff_id: number | null;
  expires_at: Date;
}

export interface StaffAuditTable {
  id: Generated<string>;
  created_at: Date;
  staff_id: number | null;
  actor: string;
  action: string;
  subject: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

// [I32] Migration 0029 (modules/sellers): applications to sell, staff invites, held product changes.
export interface SellerApplicationTable {
  id: Generated<number>;
  business_name: string;
  abn: string;
  contact_name: string;
  mobile: string;
  email: string;
  sells: string;
  website: string;
  terms_version: string;
  terms_accepted_at: Date;
  client_address: string | null;
  status: Generated<'waiting' | 'approved' | 'refused'>;
  decided_at: Date | null;
  decided_by: number | null;
  refusal_reason: string | null;
  seller_id: number | null;
  created_at: Date;
}

export interface StaffInviteTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  created_by: number | null;
}

export interface ProductChangeTable {
  id: Generated<number>;
  product_id: number;
  seller_id: number;
  /** { name?, description?, photos?: string[] } */
  changes: ColumnType<ProductChangeSet, string, string>;
  status: Generated<'waiting' | 'approved' | 'refused'>;
  refusal_reason: string | null;
  submitted_at: Date;
  submitted_by: number | null;
  decided_at: Date | null;
  decided_by: number | null;
}

export interface ProductChangeSet {
  name?: string;
  description?: string;
  /** The product's photos after the change, in order (media URLs). */
  photos?: string[];
}

export interface Database {
  customers: CustomerTable;
  customer_addresses: CustomerAddressTable;
  customer_tokens: CustomerTokenTable;
  otp_codes: OtpCodeTable;
  otp_sends: OtpSendTable;
  used_sign_in_links: UsedSignInLinkTable;
  otp_failures: OtpFailureTable;
  places: PlaceTable;
  outbox_messages: OutboxMessageTable;
  sellers: SellerTable;
  categories: CategoryTable;
  option_values: OptionValueTable;
  products: ProductTable;
  product_images: ProductImageTable;
  product_categories: ProductCategoryTable;
  mms_templates: MmsTemplateTable;
  shipping_methods: ShippingMethodTable;
  carts: CartTable;
  cart_items: CartItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  payment_customers: PaymentCustomerTable;
  sandbox_saved_cards: SandboxSavedCardTable;
  sandbox_charges: SandboxChargeTable;
  gift_card_details: GiftCardDetailsTable;
  gift_card_orders: GiftCardOrderTable;
  pictures: PictureTable;
  picture_sources: PictureSourceTable;
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_passkeys: StaffPasskeyTable;
  staff_webauthn_challenges: StaffWebauthnChallengeTable;
  staff_audit: StaffAuditTable;
  order_events: OrderEventTable;
  order_shipments: OrderShipmentTable;
  order_refunds: OrderRefundTable;
  sent_messages: SentMessageTable;
  webhook_events: WebhookEventTable;
  gift_card_resends: GiftCardResendTable;
  sandbox_refunds: SandboxRefundTable;
  gift_card_redemptions: GiftCardRedemptionTable;
  ledger_entries: LedgerEntryTable;
  seller_statements: SellerStatementTable;
  seller_bank_accounts: SellerBankAccountTable;
  payout_runs: PayoutRunTable;
  payout_items: PayoutItemTable;
  tax_invoices: TaxInvoiceTable;
  catalogue_epoch: CatalogueEpochTable;
  catalogue_documents: CatalogueDocumentTable;
  gift_card_lookup_misses: GiftCardLookupMissTable;
  text_consents: TextConsentTable;
  text_consent_events: TextConsentEventTable;
  text_stops: TextStopTable;
  inbound_texts: InboundTextTable;
  campaigns: CampaignTable;
  campaign_recipients: CampaignRecipientTable;
  marketing_quota: MarketingQuotaTable;
  send_rate: SendRateTable;
  reply_to_buy_settings: ReplyToBuySettingsTable;
  reply_offers: ReplyOfferTable;
  automations: AutomationTable;
  stock_alerts: StockAlertTable;
  automation_sends: AutomationSendTable;
  seller_applications: SellerApplicationTable;
  staff_invites: StaffInviteTable;
  product_changes: ProductChangeTable;
}

// [I29] modules/campaigns and modules/messages (migration 0026): consent, inbound texts, campaigns.
export type ConsentState = 'pending' | 'subscribed' | 'unsubscribed';
export type ConsentSource = 'checkout' | 'account' | 'keyword' | 'import';

export interface TextConsentTable {
  id: Generated<number>;
  mobile: string;
  seller_id: number;
  customer_id: number | null;
  state: ConsentState;
  source: ConsentSource;
  words: string;
  client_address: string | null;
  requested_at: Date;
  confirm_by: Date | null;
  subscribed_at: Date | null;
  unsubscribed_at: Date | null;
  unsubscribed_via: string | null;
  optout_code: string;
  updated_at: Date;
}

export interface TextConsentEventTable {
  id: Generated<number>;
  consent_id: number | null;
  mobile: string;
  seller_id: number | null;
  event: string;
  source: string | null;
  words: string | null;
  client_address: string | null;
  detail: string | null;
  at: Date;
}

export interface TextStopTable {
  mobile: string;
  stopped: boolean;
  stopped_at: Date;
  via: string;
  restored_at: Date | null;
}

export interface InboundTextTable {
  id: Generated<number>;
  message_sid: string;
  from_number: string;
  to_number: string;
  body: string;
  received_at: Date;
  handled_as: string | null;
  reply_message_id: number | null;
}

export type CampaignState =
  | 'draft'
  | 'scheduled'
  | 'review'
  | 'sending'
  | 'paused'
  | 'sent'
  | 'cancelled'
  | 'refused';

export interface CampaignTable {
  id: Generated<number>;
  seller_id: number;
  name: string;
  message: string;
  product_id: number | null;
  /** The contract's Audience (packages/contract/src/api/campaigns.ts). */
  audience: ColumnType<Record<string, unknown>, string, string>;
  state: CampaignState;
  scheduled_at: Date | null;
  schedule_zone: string | null;
  review_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** When every recipient and outbox row of the campaign was queued (modules/campaigns/campaign-queue.ts). */
  queued_at: Date | null;
  recipients: Generated<number>;
  /** [I30] Marked reply-to-buy, with its one sellable item (migration 0027). */
  reply_to_buy: Generated<boolean>;
  offer_product_id: number | null;
}

export type CampaignRecipientState =
  | 'queued'
  | 'sent'
  | 'skipped_cap'
  | 'skipped_opted_out'
  | 'cancelled'
  | 'failed';

export interface CampaignRecipientTable {
  id: Generated<number>;
  campaign_id: number;
  mobile: string;
  customer_id: number | null;
  zone: string;
  code: string;
  state: CampaignRecipientState;
  queued_at: Date;
  message_id: number | null;
  first_clicked_at: Date | null;
  last_clicked_at: Date | null;
  clicks: Generated<number>;
  /** [I30] This recipient's text said "Reply BUY". */
  reply_to_buy: Generated<boolean>;
}

export interface MarketingQuotaTable {
  id: Generated<number>;
  mobile: string;
  /** The campaign recipient, or null for an automated text ([I31] automation_send_id). */
  recipient_id: number | null;
  /** [I31] The automated text this quota row counts (migration 0028). */
  automation_send_id: ColumnType<number | null, number | null | undefined, number | null>;
  at: Date;
}

export interface SendRateTable {
  bucket: string;
  second: Date;
  used: number;
}

// [I30] Reply to buy (migration 0027).
export interface ReplyToBuySettingsTable {
  customer_id: number;
  enabled: boolean;
  payment_method: string | null;
  card_label: string | null;
  words: string;
  client_address: string | null;
  turned_on_at: Date | null;
  turned_off_at: Date | null;
  turned_off_via: string | null;
  updated_at: Date;
}

export type ReplyOfferState = 'quoted' | 'ordered' | 'expired' | 'failed' | 'cancelled';

export interface ReplyOfferTable {
  id: Generated<number>;
  recipient_id: number;
  campaign_id: number;
  customer_id: number;
  mobile: string;
  product_id: number;
  state: ReplyOfferState;
  /** The terms quoted: price, delivery, total (cents), the address and the card (reply-offers.ts). */
  terms: ColumnType<Record<string, unknown>, string, string>;
  quoted_at: Date;
  confirm_by: Date;
  buy_message_sid: string;
  yes_message_sid: string | null;
  order_id: number | null;
  failure: string | null;
  updated_at: Date;
}

// [I31] modules/automations (migration 0028): texts that go by themselves.
export type AutomationFlow = 'back_in_stock' | 'cart_reminder' | 'thank_you';

export interface AutomationTable {
  id: Generated<number>;
  seller_id: number;
  flow: AutomationFlow;
  enabled: boolean;
  /** The seller's words; the text is automationText() around them (the seller named, link, opt-out). */
  message: string;
  /** cart_reminder: hours after the cart's last change; thank_you: days × 24 after delivery; back_in_stock: 0. */
  delay_hours: number;
  /** thank_you: the product the text links to (null: none). */
  product_id: number | null;
  /** When it was last switched on: results count from here. */
  enabled_at: Date | null;
  updated_at: Date;
  updated_by: number | null;
}

export type StockAlertState = 'waiting' | 'queued' | 'expired' | 'cancelled';

export interface StockAlertTable {
  id: Generated<number>;
  /** The item watched: a simple product or one child of a configurable product. */
  product_id: number;
  seller_id: number;
  mobile: string;
  customer_id: number | null;
  state: StockAlertState;
  /** The words shown when the shopper asked (the consent for this one item's text). */
  words: string;
  /** 'member': asked signed in; 'code': a visitor who proved the mobile with a one-time code. */
  proof: 'member' | 'code';
  client_address: string | null;
  requested_at: Date;
  expires_at: Date;
  send_id: number | null;
  updated_at: Date;
}

export type AutomationSendState =
  | 'queued'
  | 'sent'
  | 'skipped_cap'
  | 'skipped_opted_out'
  | 'cancelled'
  | 'failed';

export interface AutomationSendTable {
  id: Generated<number>;
  automation_id: number;
  flow: AutomationFlow;
  seller_id: number;
  mobile: string;
  customer_id: number | null;
  zone: string;
  code: string;
  product_id: number | null;
  stock_alert_id: number | null;
  cart_id: number | null;
  order_id: number | null;
  state: AutomationSendState;
  queued_at: Date;
  /** When the outbox may first send it (6 am in the zone when it fell in quiet hours). */
  due_at: Date;
  /** It fell in quiet hours and waited for the morning. */
  quiet_delayed: Generated<boolean>;
  message_id: number | null;
  first_clicked_at: Date | null;
  last_clicked_at: Date | null;
  clicks: Generated<number>;
}
