// Small builders of the contract's shapes for the screens' tests; each takes what a test cares about.
import type {
  AdminGiftCard,
  AdminOrder,
  AdminOrderItem,
  Dashboard,
  OrderSummary,
  StaffMe,
} from '@quokka/contract/api/admin';

export const CSRF = 'csrf-token-for-tests';

export function aMe(overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    staff: { id: 7, name: 'Jo Operator', mobile: '+61412345678', role: 'operator', seller_id: null },
    stage: 'full',
    csrf_token: CSRF,
    passkey_checked_at: '2026-11-24T09:00:00.000Z',
    passkey_fresh: false,
    passkey_fresh_until: '2026-11-24T09:05:00.000Z',
    ...overrides,
  };
}

export function aDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    orders_today: 4,
    revenue_today_cents: 12_345,
    awaiting_approval: 2,
    flagged: 1,
    to_ship: 3,
    failed_messages: 1,
    review_mode: 'manual',
    ...overrides,
  };
}

export function anOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 12,
    increment_id: '000000012',
    created_at: '2026-11-23T23:30:00.000Z',
    status: 'pending_review',
    payment_state: 'authorised',
    customer_name: 'Sam Shopper',
    customer_mobile: '+61413000111',
    grand_total_cents: 4_490,
    captured_cents: 0,
    refunded_cents: 0,
    item_count: 2,
    sellers: [{ id: 3, name: 'Harbour Goods' }],
    flagged: false,
    bought_by_reply: false,
    ...overrides,
  };
}

export function anItem(overrides: Partial<AdminOrderItem> = {}): AdminOrderItem {
  return {
    id: 101,
    seller_id: 3,
    seller_name: 'Harbour Goods',
    sku: 'TEE-1',
    name: 'Tee',
    is_giftcard: false,
    price_cents: 1_250,
    qty: 2,
    row_total_cents: 2_500,
    refunded_qty: 0,
    refunded_cents: 0,
    ...overrides,
  };
}

export function anOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const items = overrides.items ?? [anItem()];
  return {
    ...anOrderSummary({ status: 'approved', payment_state: 'captured', captured_cents: 3_495 }),
    customer_id: 5,
    customer_email: 'sam@example.com',
    shipping_title: 'Standard',
    shipping_cents: 995,
    subtotal_cents: 2_500,
    authorised_cents: 3_495,
    grand_total_cents: 3_495,
    shipping_refunded_cents: 0,
    shipping_address: {
      firstname: 'Sam',
      lastname: 'Shopper',
      street: ['1 George St'],
      city: 'Sydney',
      region: { region: 'New South Wales' },
      postcode: '2000',
      telephone: '0413000111',
    },
    payment_provider: 'sandbox',
    payment_id: 'pi_sandbox_1',
    card_brand: 'Visa',
    card_last4: '4242',
    capture_by: null,
    refusal_reason: null,
    items,
    shipments: [],
    refunds: [],
    timeline: [],
    actions: {
      approve: false,
      refuse: false,
      ship_sellers: [3],
      refund: true,
      cancel: false,
      refundable_cents: 3_495,
    },
    ...overrides,
  };
}

export function aGiftCard(overrides: Partial<AdminGiftCard> = {}): AdminGiftCard {
  return {
    id: 31,
    gift_card_no: '•••• •••• •••• 3456',
    state: 'failed',
    amount_cents: 5_000,
    balance_cents: 5_000,
    product_name: 'Harbour gift card',
    seller_id: 3,
    recipient_name: 'Alex',
    recipient_mobile: '+61491570110',
    purchaser_mobile: '+61413000111',
    order_id: 12,
    order_increment_id: '000000012',
    scheduled_at: '2026-11-24T01:00:00.000Z',
    delivery_timezone: 'Australia/Sydney',
    sent_at: null,
    valid_until: '2029-11-24T00:00:00.000Z',
    voided_at: null,
    messages: [
      {
        id: 55,
        provider_message_id: 'SM1',
        kind: 'mms',
        purpose: 'gift_card',
        to: '+61491570110',
        status: 'undelivered',
        error_code: '30003',
        created_at: '2026-11-24T01:00:05.000Z',
        status_at: '2026-11-24T01:00:09.000Z',
      },
    ],
    actions: { resend: true, reschedule: false, void: true },
    ...overrides,
  };
}
