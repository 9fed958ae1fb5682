// [I32] Staff from the back office, the invite link and the seller's profile (docs/sellers.md).
//
// Staff (GET/POST /admin/api/staff, DELETE /admin/api/staff/:id, POST /admin/api/staff/:id/invite):
// operators see and manage every member of staff; a seller's owner only their own seller's staff (any
// other member is 404 to them); other vendors are refused (403). Each new member, and each "Text a new
// invite", gets a single-use link valid 72 hours; a new one ends the links sent before it.
//
// The invite link (POST /admin/api/invites/accept): the token of /admin/invite/<token>, used once, starts a
// session that may only add a passkey (as a code sign-in's).
//
// The seller's profile (GET/PUT /admin/api/seller-profile, PUT …/logo and …/banner with the picture as the
// body): a seller's staff edit their own; an operator any seller's with ?seller_id=.

import { z } from 'zod';
import { staffRoleSchema } from './admin.ts';
import { idParam, multilineText, text } from './common.ts';

// ---------------------------------------------------------------- staff

/** invited: a link waits unused; active: they have a passkey; invite_expired: no passkey and no live link. */
export const staffInviteStateSchema = z.enum(['invited', 'active', 'invite_expired']);
export type StaffInviteState = z.infer<typeof staffInviteStateSchema>;

export const staffListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  role: staffRoleSchema,
  seller_id: z.number().nullable(),
  /** The seller's name; null for an operator. */
  seller_name: z.string().nullable(),
  seller_owner: z.boolean(),
  invite_state: staffInviteStateSchema,
  /** ISO time the live invite link stops working; null when there is none. */
  invite_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffListItem = z.infer<typeof staffListItemSchema>;

export const staffListReplySchema = z.object({ items: z.array(staffListItemSchema) });
export type StaffListReply = z.infer<typeof staffListReplySchema>;

export const STAFF_NAME_MAX = 80;

/**
 * POST /admin/api/staff. An operator gives the role (operator, or vendor with its seller_id); a seller's
 * owner gives only the name and mobile (their own seller's staff).
 */
export const addStaffBodySchema = z
  .object({
    name: text(STAFF_NAME_MAX)
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(2, 'must be 2 to 80 characters')),
    mobile: text(40).pipe(z.string().min(1, 'must not be empty')),
    role: staffRoleSchema.optional(),
    seller_id: idParam.nullable().optional(),
  })
  .strict();
export type AddStaffBody = z.input<typeof addStaffBodySchema>;
export type AddStaffRequest = z.output<typeof addStaffBodySchema>;

export const staffParamsSchema = z.object({ id: idParam });

// ---------------------------------------------------------------- the invite link

/** POST /admin/api/invites/accept: the token of the link's last part. */
export const acceptInviteBodySchema = z.object({
  token: text(200).pipe(z.string().min(1, 'must not be empty')),
});
export type AcceptInviteBody = z.input<typeof acceptInviteBodySchema>;

// ---------------------------------------------------------------- the seller's profile

export const SELLER_PROFILE_LIMITS = {
  nameMax: 100,
  descriptionMax: 5_000,
  shippingInfoMax: 2_000,
} as const;

export const sellerProfileSchema = z.object({
  seller_id: z.number(),
  seller_url: z.string(),
  name: z.string(),
  description: z.string(),
  shipping_info: z.string(),
  /** /media paths ('' when none). */
  logo_url: z.string(),
  banner_url: z.string(),
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** ?seller_id= (operators: which seller; a vendor's own seller otherwise). */
export const sellerProfileQuerySchema = z.object({ seller_id: idParam.optional() });

/** PUT /admin/api/seller-profile: the words the storefront shows. */
export const updateSellerProfileBodySchema = z
  .object({
    name: text(SELLER_PROFILE_LIMITS.nameMax)
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(2, 'must be 2 to 100 characters')),
    description: multilineText(SELLER_PROFILE_LIMITS.descriptionMax).transform((value) => value.trim()),
    shipping_info: multilineText(SELLER_PROFILE_LIMITS.shippingInfoMax).transform((value) => value.trim()),
  })
  .strict();
export type UpdateSellerProfileBody = z.input<typeof updateSellerProfileBodySchema>;
