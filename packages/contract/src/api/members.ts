import { z } from 'zod';
import { idParam, text } from './common.ts';
import { SUSPENSION_REASON_MAX, suspendBodySchema } from './sellers.ts';

// [I32] The back office's members (operators; docs/sellers.md): GET /admin/api/members?q= finds members by
// mobile or email, POST /admin/api/members/:id/suspend {reason} and POST /admin/api/members/:id/lift. A
// suspended member cannot sign in, order or redeem a gift card; a gift card they sent still works for its
// recipient.

export { SUSPENSION_REASON_MAX };

/** At most this many members answer a search. */
export const MEMBER_SEARCH_LIMIT = 20;

export const memberSearchQuerySchema = z.object({
  q: text(200).trim().min(3, { message: 'Type at least 3 characters of a mobile or an email.' }),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

export const adminMemberSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  /** E.164 (+614…). */
  mobile: z.string(),
  email: z.string(),
  /** ISO time of the suspension; null while the member may shop. */
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const adminMembersReplySchema = z.object({ items: z.array(adminMemberSchema) });
export type AdminMembersReply = z.infer<typeof adminMembersReplySchema>;

export const memberParamsSchema = z.object({ id: idParam });

export const suspendMemberBodySchema = suspendBodySchema;
export type SuspendMemberBody = z.infer<typeof suspendMemberBodySchema>;

export const adminMemberReplySchema = z.object({ member: adminMemberSchema });
export type AdminMemberReply = z.infer<typeof adminMemberReplySchema>;
