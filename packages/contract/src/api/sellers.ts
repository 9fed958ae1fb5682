import { z } from 'zod';

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
