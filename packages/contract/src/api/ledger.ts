import { z } from 'zod';

// [I16-statements] The sellers' weekly statements under /admin/api/statements (docs/ledger-and-statements.md).
// Money is signed integer cents from the seller's side (+ owed to the seller, − owed to the operator);
// dates 'YYYY-MM-DD' (Sydney), instants ISO strings. A vendor sees only their seller's statements
// (another seller's is 404); an operator sees all.

const signedCents = z.number().int();

export const ledgerKindSchema = z.enum([
  'sale',
  'gift_card_sale',
  'shipping',
  'service_fee',
  'commission',
  'fee_gst',
  'refund',
  'commission_reversal',
  'fee_gst_reversal',
  'chargeback',
  'gift_card_redemption',
  'gift_card_in_store',
  'adjustment',
  // [I32] The monthly subscription (GST-exclusive) and its GST, on the first statement of each month.
  'subscription',
  'subscription_gst',
]);
export type LedgerKindName = z.infer<typeof ledgerKindSchema>;

/** How each kind reads on a statement. */
export const LEDGER_KIND_LABELS: Record<LedgerKindName, string> = {
  sale: 'Sales',
  gift_card_sale: 'Gift card sales',
  shipping: 'Shipping',
  service_fee: 'Service fee',
  commission: 'Commission',
  fee_gst: 'GST on fees',
  refund: 'Refunds',
  commission_reversal: 'Commission given back',
  fee_gst_reversal: 'GST on fees given back',
  chargeback: 'Chargebacks',
  gift_card_redemption: 'Paid by gift card',
  gift_card_in_store: 'Gift cards redeemed in store',
  adjustment: 'Adjustments',
  subscription: 'Monthly subscription',
  subscription_gst: 'GST on subscription',
};

export const statementListQuerySchema = z.object({
  seller_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** The Monday the week ends on. */
  week: z.iso.date().optional(),
});
export type StatementListQuery = z.input<typeof statementListQuerySchema>;

export const statementSummarySchema = z.object({
  id: z.number(),
  seller_id: z.number(),
  seller_name: z.string(),
  week_ends_on: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  remittance_on: z.string(),
  net_cents: signedCents,
  brought_forward_cents: signedCents,
  payable_cents: signedCents,
  carried_forward_cents: signedCents,
  entry_count: z.number(),
  generated_at: z.string(),
  paid_at: z.string().nullable(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementListReplySchema = z.object({ items: z.array(statementSummarySchema) });
export type StatementListReply = z.infer<typeof statementListReplySchema>;

export const statementLineSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  kind: ledgerKindSchema,
  order_id: z.number().nullable(),
  order_increment_id: z.string().nullable(),
  description: z.string(),
  amount_cents: signedCents,
  base_cents: signedCents.nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementReplySchema = z.object({
  statement: statementSummarySchema,
  /** Sums by kind, in the order of ledgerKindSchema; kinds without entries are left out. */
  totals: z.array(z.object({ kind: ledgerKindSchema, label: z.string(), amount_cents: signedCents })),
  lines: z.array(statementLineSchema),
});
export type StatementReply = z.infer<typeof statementReplySchema>;
