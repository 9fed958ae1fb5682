// [I16-payouts, I16-invoices] Sellers' bank accounts, payout runs (the ABA direct-entry file) and monthly
// tax invoices, under /admin/api (docs/payouts-and-invoices.md). Money is integer cents; calendar dates
// are Sydney dates 'YYYY-MM-DD'; instants are ISO strings. A bank account number is never sent back in
// full: replies carry it masked ('••••5678').

import { z } from 'zod';
import { idParam, text } from './common.ts';

const cents = z.number().int();
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a real calendar date');

// ---------------------------------------------------------------- bank details rules (server and form)

/** The ABA file's limit for an account name (the transaction record's 32 characters). */
export const ACCOUNT_NAME_MAX = 32;

/** '062-000', '062000' or '062 000' → '062-000'; null when it is not six digits. */
export function normaliseBsb(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** '12345678' → '••••5678' (the last four digits only). */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}

/** What the ABA file accepts in a name: letters, digits, spaces and common punctuation. */
const ABA_TEXT = /^[A-Za-z0-9 &'()+,./:-]*$/;

export const bsbField = z
  .string()
  .trim()
  .refine((value) => normaliseBsb(value) !== null, 'must be a BSB: 6 digits, such as 062-000')
  .transform((value) => normaliseBsb(value) as string);

export const accountNumberField = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{5,9}$/, 'must be 5 to 9 digits'));

export const accountNameField = text(200)
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(2, 'must be the name on the account')
      .max(ACCOUNT_NAME_MAX, `must be at most ${ACCOUNT_NAME_MAX} characters (the bank file's limit)`)
      .regex(ABA_TEXT, "may use letters, digits, spaces and & ' ( ) + , . / : - only"),
  );

// ---------------------------------------------------------------- bank accounts

/** A seller's bank account as staff see it: masked. */
export const bankAccountSchema = z.object({
  seller_id: z.number(),
  seller_name: z.string(),
  account_name: z.string(),
  bsb: z.string(),
  /** '••••5678' */
  account_number_masked: z.string(),
  updated_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** GET /bank-accounts/:sellerId (a vendor: their own seller only) — null when none is on file. */
export const bankAccountReplySchema = z.object({
  seller_id: z.number(),
  seller_name: z.string(),
  account: bankAccountSchema.nullable(),
});
export type BankAccountReply = z.infer<typeof bankAccountReplySchema>;

/** GET /bank-accounts (operators): every seller, with their masked account or null. */
export const bankAccountListReplySchema = z.object({ items: z.array(bankAccountReplySchema) });
export type BankAccountListReply = z.infer<typeof bankAccountListReplySchema>;

/** PUT /bank-accounts/:sellerId — needs a fresh passkey check. */
export const bankAccountBodySchema = z.object({
  account_name: accountNameField,
  bsb: bsbField,
  account_number: accountNumberField,
});
export type BankAccountBody = z.input<typeof bankAccountBodySchema>;

export const sellerParams = z.object({ sellerId: idParam });

// ---------------------------------------------------------------- payout runs

/**
 * [I34] `by` left out: the server picks it, today (Sydney) when something is due by then, else the next
 * remittance date with something due (today when nothing is due at all); the reply's `by` says which.
 */
export const payoutsDueQuerySchema = z.object({ by: calendarDate.optional() });

/** A statement due for payment (remittance on or before the chosen date, payable, unpaid, in no run). */
export const dueStatementSchema = z.object({
  statement_id: z.number(),
  seller_id: z.number(),
  seller_name: z.string(),
  week_ends_on: z.string(),
  remittance_on: z.string(),
  payable_cents: cents,
  /**
   * False: left out of a run — the seller has no bank account on file, or is held (below).
   */
  payable: z.boolean(),
  /**
   * [I32] True: the seller is suspended (sellers.suspended_at); the statement stays unpaid and is taken
   * by the first run after the suspension is lifted. Shown as "Held: seller suspended".
   */
  held: z.boolean(),
  bank: bankAccountSchema.nullable(),
});
export type DueStatement = z.infer<typeof dueStatementSchema>;

export const payoutsDueReplySchema = z.object({
  /** The remittance date the list runs to: the one asked for, else the one the server picked. */
  by: z.string(),
  /** [I34] The first remittance date after `by` with something due ('YYYY-MM-DD'); null when none is. */
  next_due_on: z.string().nullable(),
  items: z.array(dueStatementSchema),
  /** What a run made now would pay: the payable statements' sum (held ones left out). */
  payable_total_cents: cents,
});
export type PayoutsDueReply = z.infer<typeof payoutsDueReplySchema>;

export const payoutRunStatusSchema = z.enum(['draft', 'remitted', 'cancelled']);

export const payoutItemSchema = z.object({
  id: z.number(),
  statement_id: z.number(),
  seller_id: z.number(),
  seller_name: z.string(),
  week_ends_on: z.string(),
  amount_cents: cents,
  account_name: z.string(),
  bsb: z.string(),
  account_number_masked: z.string(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutRunSchema = z.object({
  id: z.number(),
  status: payoutRunStatusSchema,
  process_on: z.string(),
  total_cents: cents,
  item_count: z.number(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  remitted_at: z.string().nullable(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const payoutRunDetailSchema = payoutRunSchema.extend({ items: z.array(payoutItemSchema) });
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;

export const payoutRunListReplySchema = z.object({ items: z.array(payoutRunSchema) });
export type PayoutRunListReply = z.infer<typeof payoutRunListReplySchema>;

/** POST /payouts — needs a fresh passkey check. Every payable statement due by `by` goes in. */
export const createPayoutRunBodySchema = z.object({
  by: calendarDate,
  /** The date the bank is asked to process the payments; defaults to `by`. */
  process_on: calendarDate.optional(),
});
export type CreatePayoutRunBody = z.input<typeof createPayoutRunBodySchema>;

export const runParams = z.object({ id: idParam });

// ---------------------------------------------------------------- tax invoices

export const taxInvoiceSchema = z.object({
  id: z.number(),
  invoice_number: z.number(),
  seller_id: z.number(),
  seller_name: z.string(),
  /** 'YYYY-MM' */
  month: z.string(),
  issued_on: z.string(),
  service_fee_cents: cents,
  commission_cents: cents,
  /** GST on the fees. */
  gst_cents: cents,
  /** [I32] The month's subscription, GST-exclusive (0: none that month). */
  subscription_cents: cents,
  /** [I32] 10% GST on the subscription. */
  subscription_gst_cents: cents,
  /** Everything including GST: the fees, their GST, the subscription and its GST. */
  total_cents: cents,
});
export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;

export const taxInvoiceListReplySchema = z.object({ items: z.array(taxInvoiceSchema) });
export type TaxInvoiceListReply = z.infer<typeof taxInvoiceListReplySchema>;

export const invoiceParams = z.object({ id: idParam });

/** 'INV-000042' */
export function invoiceNumberText(invoiceNumber: number): string {
  return `INV-${String(invoiceNumber).padStart(6, '0')}`;
}
