import { z } from 'zod';
import { idParam, multilineText } from './common.ts';

// [I32] The back office's sellers (docs/sellers.md): GET /admin/api/sellers (operators) lists every seller
// with its suspension, for the Sellers screen, and for the seller pickers of other screens (Staff, Import).

export const adminSellerSchema = z.object({
  id: z.number(),
  name: z.string(),
  seller_url: z.string(),
  /** ISO time of the suspension; null while selling. */
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;

export const adminSellersReplySchema = z.object({ items: z.array(adminSellerSchema) });
export type AdminSellersReply = z.infer<typeof adminSellersReplySchema>;

// [I32] Suspending a seller and lifting it (operators): POST /admin/api/sellers/:id/suspend {reason} and
// POST /admin/api/sellers/:id/lift, each answering the seller as it now is. While suspended every product
// of the seller is off the storefront (products.listed) and its profile says it is not selling.

/** The longest suspension reason (it goes in a text message to the seller's staff). */
export const SUSPENSION_REASON_MAX = 500;

export const sellerParamsSchema = z.object({ id: idParam });

/** The reason, shown to the seller's staff in their text and kept with the suspension. */
export const suspendBodySchema = z.object({
  reason: multilineText(SUSPENSION_REASON_MAX)
    .trim()
    .min(1, { message: 'Please give the reason for the suspension.' }),
});
export type SuspendBody = z.infer<typeof suspendBodySchema>;

export const adminSellerReplySchema = z.object({ seller: adminSellerSchema });
export type AdminSellerReply = z.infer<typeof adminSellerReplySchema>;
