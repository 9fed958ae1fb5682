import { formatCents } from '@quokka/contract/money';

// [I34] The audit log in words. Every action code a staff action records (recordStaffAction and the
// audit helpers that call it, anywhere in apps/server/src) has a plain sentence fragment here, read after
// the person's name: "Jo Operator · approved an order". audit-words.test.ts reads the server's sources
// and fails on a recorded code with no words, so a new action cannot reach the log unread.

export const ACTION_WORDS = {
  'sign_in.code': 'signed in with a code',
  'sign_in.invite': 'signed in with an invite link',
  'sign_in.passkey': 'signed in with a passkey',
  sign_out: 'signed out',
  'passkey.added': 'added a passkey',
  'passkey.approved': 'approved a passkey',
  'passkey.cancelled': 'cancelled a waiting passkey',
  'passkey.checked': 'checked their passkey again',
  'passkey.removed': 'removed a passkey',
  'staff.added': 'added a member of staff',
  'staff.invited': 'invited a member of staff',
  'staff.removed': 'removed a member of staff',
  'order.approved': 'approved an order',
  'order.refused': 'refused an order',
  'order.shipped': 'marked an order shipped',
  'order.shipment_delivered': 'marked a shipment delivered',
  'order.refunded': 'refunded an order',
  'order.cancelled': 'cancelled an order',
  'order.note_added': 'added a note to an order',
  'orders.csv_downloaded': 'downloaded the orders as a spreadsheet (CSV)',
  'product.created': 'added a product',
  'product.updated': 'changed a product',
  'product.variant_updated': 'changed a variant',
  'product.photo_added': 'added a photo to a product',
  'product.photo_removed': 'removed a photo of a product',
  'product.photo_replaced': 'replaced a photo of a product',
  'product.photos_reordered': 'put the photos of a product in a new order',
  'product.colour_photo_set': 'chose the photo of a colour',
  'product.colour_photo_removed': 'took away the photo of a colour',
  'product.submitted': 'sent a product for approval',
  'product.approved': 'approved a product',
  'product.refused': 'refused a product',
  'product.change_held': 'sent a change to a product for approval',
  'product.change_withdrawn': 'withdrew a change to a product',
  'product.change_approved': 'approved a change to a product',
  'product.change_refused': 'refused a change to a product',
  'catalogue.imported': 'imported a catalogue',
  'seller.profile_updated': "changed a seller's profile",
  'seller.suspended': 'suspended a seller',
  'seller.suspension_lifted': "lifted a seller's suspension",
  'member.suspended': 'suspended a member',
  'member.suspension_lifted': "lifted a member's suspension",
  'seller_application.approved': 'approved an application to sell',
  'seller_application.refused': 'refused an application to sell',
  'gift_card.number_shown': "showed a gift card's whole number",
  'gift_card.resent': 'sent a gift card again',
  'gift_card.rescheduled': 'changed when a gift card is sent',
  'gift_card.voided': 'voided a gift card',
  'gift_card.redeemed': 'redeemed a gift card in store',
  'bank_account.saved': 'saved a bank account',
  'statement.downloaded': 'downloaded a statement',
  'payout_run.created': 'made a payout run',
  'payout_run.aba_downloaded': "downloaded a payout run's bank file (ABA)",
  'payout_run.remitted': 'marked a payout run paid',
  'payout_run.cancelled': 'cancelled a payout run',
} as const satisfies Record<string, string>;

export type ActionCode = keyof typeof ACTION_WORDS;

export const isActionCode = (code: string): code is ActionCode => Object.hasOwn(ACTION_WORDS, code);

/**
 * Filters that are not one code but a kind of change several codes record: "who changed a price" is a
 * product's or a variant's change whose line holds a new price. Never recorded as a code themselves.
 */
export const DERIVED_ACTIONS = {
  'product.price_changed': {
    words: 'changed a price (a product or a variant)',
    codes: ['product.updated', 'product.variant_updated'],
    holds: 'price_cents',
  },
} as const satisfies Record<string, { words: string; codes: readonly ActionCode[]; holds: string }>;

export const derivedAction = (code: string) =>
  Object.hasOwn(DERIVED_ACTIONS, code) ? DERIVED_ACTIONS[code as keyof typeof DERIVED_ACTIONS] : undefined;

/** Every code with its words, and the derived filters, in the order of the words (the filter's choices). */
export const ACTION_CHOICES: { code: string; words: string }[] = [
  ...Object.entries(ACTION_WORDS),
  ...Object.entries(DERIVED_ACTIONS).map(([code, derived]) => [code, derived.words] as const),
]
  .map(([code, words]) => ({ code, words: capitalise(words) }))
  .sort((a, b) => a.words.localeCompare(b.words));

function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * What they did, in words. A product's or a variant's change says which part when the line holds it
 * ('changed the price of a variant'); a code with no words (an older line) reads as its own parts.
 */
export function actionWords(action: string, after: unknown): string {
  if (action === 'product.updated' || action === 'product.variant_updated') {
    const what = action === 'product.updated' ? 'a product' : 'a variant';
    const changed = Object.keys(record(after)).filter((key) => key !== 'sku' && key !== 'updated_at');
    if (changed.includes('price_cents')) return `changed the price of ${what}`;
    if (changed.length === 1 && changed[0] === 'qty') return `changed the stock of ${what}`;
    if (changed.length === 1 && changed[0] === 'enabled')
      return record(after).enabled ? `switched on ${what}` : `switched off ${what}`;
    if (changed.length === 1 && changed[0] === 'name') return `renamed ${what}`;
  }
  return isActionCode(action) ? ACTION_WORDS[action] : action.replace(/[._]+/g, ' ');
}

type Show = (value: unknown) => string;
const money: Show = (value) => (typeof value === 'number' ? formatCents(value) : String(value));
const plain: Show = (value) => (value === null || value === undefined ? 'none' : String(value));
const yesNo: Show = (value) => (value ? 'on' : 'off');
const words: Show = (value) => (typeof value === 'string' ? value.replaceAll('_', ' ') : plain(value));

/** The fields a line's before and after may both hold, the order they are told in, and how. */
const FIELDS: [key: string, label: string, show: Show][] = [
  ['price_cents', 'Price', money],
  ['qty', 'Stock', plain],
  ['enabled', 'Switched', yesNo],
  ['name', 'Name', plain],
  ['status', 'State', words],
  ['review_status', 'Review', words],
  ['role', 'Role', words],
  ['amount_cents', 'Amount', money],
  ['refunded_cents', 'Refunded', money],
  ['balance_cents', 'Balance', money],
  ['scheduled_at', 'Sends at', plain],
];

/**
 * What changed, where the line holds both sides: 'Price of BRT-M: $36.50 → $40.00'. Only fields both
 * sides hold and that differ; the rest stays in the line's before and after.
 */
export function changeWords(before: unknown, after: unknown): string[] {
  const was = record(before);
  const now = record(after);
  const sku = typeof now.sku === 'string' && now.sku === was.sku ? now.sku : null;
  const lines: string[] = [];
  for (const [key, label, show] of FIELDS) {
    if (!(key in was) || !(key in now)) continue;
    if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
    lines.push(`${label}${sku ? ` of ${sku}` : ''}: ${show(was[key])} → ${show(now[key])}`);
  }
  return lines;
}
