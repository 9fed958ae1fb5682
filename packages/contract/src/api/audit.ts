// [I15-audit, I34] The audit log's call (GET /admin/api/audit, operators only): every staff action, newest
// first, read in words. The server names the person (name, role, seller) and the thing (a product's name,
// an order's number, a gift card's masked number…) in the query itself, says the action in words
// (apps/server/src/modules/staff/audit-words.ts) and gives the back-office path of each thing that has a
// page. Filters: a person, an action, a thing (kind and/or id) and a range of days in Australia/Sydney.
// admin.ts re-exports all of this, so '@quokka/contract/api/admin' still has it.

import { z } from 'zod';

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(50);
const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** The kinds of thing an audit line is about (its subject 'kind:id'; 'orders' is the whole list). */
export const AUDIT_THING_KINDS = [
  'order',
  'orders',
  'product',
  'seller',
  'staff',
  'gift_card',
  'payout_run',
  'customer',
  'seller_application',
  'statement',
  'campaign',
] as const;
export const auditThingKindSchema = z.enum(AUDIT_THING_KINDS);
export type AuditThingKind = z.infer<typeof auditThingKindSchema>;

/** The kinds in words, for the filter's choices ('Orders', 'Gift cards', …). */
export const AUDIT_THING_KIND_WORDS: Record<AuditThingKind, string> = {
  order: 'An order',
  orders: 'The orders list',
  product: 'A product',
  seller: 'A seller',
  staff: 'A member of staff',
  gift_card: 'A gift card',
  payout_run: 'A payout run',
  customer: 'A member (shopper)',
  seller_application: 'An application to sell',
  statement: 'A statement',
  campaign: 'A campaign',
};

/** Who acted: a member of staff (removed ones too), or the operator's CLI on the server. */
export const auditPersonSchema = z.object({
  staff_id: z.number().nullable(),
  /** The member's name; 'CLI' for the command line. */
  name: z.string(),
  role: z.enum(['operator', 'vendor']).nullable(),
  /** A seller's staff member: the seller's name. */
  seller_name: z.string().nullable(),
  /** The back-office page to open, or null. */
  path: z.string().nullable(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/** What the action was done to, named. */
export const auditThingSchema = z.object({
  kind: z.string(),
  id: z.number().nullable(),
  /** 'Beach Run Tote', 'order #000000003', 'gift card •••• 2883', 'Saltline Surf Co.' */
  label: z.string(),
  /** The back-office page to open ('/products/14', '/orders/3', '/sellers'), or null when none. */
  path: z.string().nullable(),
});
export type AuditThing = z.infer<typeof auditThingSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  staff_id: z.number().nullable(),
  /** The member's name, or null for the CLI. */
  staff_name: z.string().nullable().optional(),
  actor: z.string(),
  /** The code, e.g. 'product.variant_updated'. */
  action: z.string(),
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** [I34] Who did it. */
  who: auditPersonSchema,
  /** [I34] What they did, as a sentence's middle: 'changed the price of a variant'. */
  did: z.string(),
  /** [I34] What it was done to; null when the line names nothing. */
  thing: auditThingSchema.nullable(),
  /** [I34] What changed, in words, where the line holds both sides: 'Price: $36.50 → $40.00'. */
  changes: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /audit's filters; all optional, together they narrow (AND). */
export const auditQuerySchema = z.object({
  page,
  page_size: pageSize,
  /** Only what this member of staff did. */
  staff_id: id.optional(),
  /**
   * Only this action code, e.g. 'product.variant_updated'; or 'product.price_changed': any product's or
   * variant's change that set a price (the choices list it).
   */
  action: z
    .string()
    .max(60)
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'must be an action code such as order.approved')
    .optional(),
  /** Only lines about this kind of thing… */
  kind: auditThingKindSchema.optional(),
  /** …and this one of them (with `kind`; alone, any kind with this id). */
  thing_id: id.optional(),
  /** On or after this day (YYYY-MM-DD, Australia/Sydney). */
  from: z.iso.date().optional(),
  /** On or before this day (YYYY-MM-DD, Australia/Sydney), inclusive. */
  to: z.iso.date().optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** The filter form's choices: every member of staff and every action code, in words. */
export const auditChoicesSchema = z.object({
  people: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      role: z.enum(['operator', 'vendor']),
      removed: z.boolean(),
    }),
  ),
  actions: z.array(z.object({ code: z.string(), words: z.string() })),
});
export type AuditChoices = z.infer<typeof auditChoicesSchema>;

export const auditReplySchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  choices: auditChoicesSchema,
});
export type AuditReply = z.infer<typeof auditReplySchema>;
