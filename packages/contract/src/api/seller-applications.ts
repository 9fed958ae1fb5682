import { z } from 'zod';
import { EMAIL_MAX, MOBILE_MAX, NAME_MAX } from '../input-limits.ts';
import { withFieldRules } from '../wire.ts';
import { idParam, multilineText } from './common.ts';

// [I32] Applying to sell (docs/sellers.md): the storefront's "Sell with us" form (/sell) and
// POST {ns}/sellerApplications, and the back office's Sellers › Applications
// (GET /admin/api/seller-applications, POST …/:id/approve, POST …/:id/refuse). The words live here once;
// the form's rules and the application's body, which need the phone-number library, are in
// seller-applications-requests.ts (this module stays light: api/reply-schemas-light.test.ts).

/**
 * [I32] The version of the vendor terms (SPEC.md §6, the Vendor Terms on /terms) an applicant accepts;
 * recorded with the application. A change to the terms' words gets a new version.
 */
export const VENDOR_TERMS_VERSION = 'vendor-terms-2026-11-29';

/** [I32] The storefront page's path, and where its terms link goes (the Vendor Terms on /terms). */
export const SELL_PATH = '/sell';
export const VENDOR_TERMS_HREF = '/terms#vendor-terms';

export const SELLER_APPLICATION_LIMITS = {
  businessName: 120,
  contactName: NAME_MAX,
  abn: 20,
  email: EMAIL_MAX,
  mobile: MOBILE_MAX,
  sells: 1000,
  website: 300,
  reason: 500,
} as const;

/** [I32] The words of applying to sell, shared by the storefront, the back office and the server. */
export const SELLER_APPLICATION_TEXTS = {
  heading: 'Sell with us',
  lead: 'Sell your goods to our shoppers by text message. Tell us about your business: an operator reads every application, and we text you the answer.',
  labels: {
    business_name: 'Business name',
    abn: 'ABN',
    contact_name: 'Contact name',
    mobile: 'Mobile',
    email: 'Email',
    sells: 'What you sell',
    website: 'Website or social link',
    terms_accepted: 'I accept the vendor terms',
    code: 'Code',
  },
  sendCode: 'Send code',
  confirm: 'Confirm',
  submit: 'Apply to sell',
  codeSent: (mobile: string) => `We texted a code to ${mobile}.`,
  mobileConfirmed: 'Mobile confirmed.',
  sentHeading: 'Application sent',
  sentBody: (mobile: string) =>
    `Thank you. An operator will read your application, and we will text ${mobile} when it is approved or not.`,
  // Field messages.
  businessName: 'Enter your business name (2 to 120 characters).',
  abnMissing: 'Enter your ABN (11 digits).',
  abnInvalid: 'That is not a valid ABN: check the 11 digits.',
  contactName: 'Enter the name of the person we should contact (2 to 100 characters).',
  sells: 'Tell us what you sell (10 to 1000 characters).',
  website: 'Enter your website or a social link, such as instagram.com/yourshop.',
  acceptTerms: 'Please accept the vendor terms to apply.',
  confirmMobile: 'Confirm your mobile with a code first.',
  codeExpired: 'Your code has expired: ask for a new code and try again.',
  codeInvalid: 'We could not check your mobile: ask for a new code and try again.',
  mobileMismatch: 'This is not the mobile you confirmed: send a code to this number.',
  alreadyWaiting: 'An application for this mobile is already waiting: we will text you when it is decided.',
  // The back office.
  reason: 'Give a reason (the applicant is texted it).',
  alreadyDecided: (status: string) => `This application was ${status} already.`,
  notFound: 'That application was not found.',
  mobileHasStaff: 'This mobile already has a staff account: remove it first, or refuse the application.',
} as const;

export type SellerApplicationField = keyof typeof SELLER_APPLICATION_TEXTS.labels;

export const sellerApplicationReplySchema = z.object({
  status: z.literal(true),
  id: z.number().int(),
  /** The number the answer will be texted to, as shown ('0412 345 678'). */
  mobile: z.string(),
});
export type SellerApplicationReply = z.infer<typeof sellerApplicationReplySchema>;

// The back office.

export const SELLER_APPLICATION_STATUSES = ['waiting', 'approved', 'refused'] as const;
export type SellerApplicationStatus = (typeof SELLER_APPLICATION_STATUSES)[number];

/** GET /admin/api/seller-applications?status= (waiting by default). */
export const sellerApplicationListQuerySchema = z.object({
  status: z.enum(SELLER_APPLICATION_STATUSES).default('waiting'),
});

/** POST /admin/api/seller-applications/:id/approve | /refuse */
export const sellerApplicationParamsSchema = z.object({ id: idParam });

/** POST /admin/api/seller-applications/:id/refuse: the reason, texted to the applicant. */
export const refuseSellerApplicationBodySchema = withFieldRules(
  z.object({ reason: multilineText(SELLER_APPLICATION_LIMITS.reason) }),
  (body) => (body.reason.trim().length < 3 ? { reason: SELLER_APPLICATION_TEXTS.reason } : {}),
);
export type RefuseSellerApplicationBody = z.input<typeof refuseSellerApplicationBodySchema>;

export const adminSellerApplicationSchema = z
  .object({
    id: z.number().int(),
    business_name: z.string(),
    /** '12 345 679 016' */
    abn: z.string(),
    contact_name: z.string(),
    /** E.164 ('+61412345678'). */
    mobile: z.string(),
    email: z.string(),
    sells: z.string(),
    website: z.string(),
    terms_version: z.string(),
    terms_accepted_at: z.string(),
    client_address: z.string().nullable(),
    status: z.enum(SELLER_APPLICATION_STATUSES),
    created_at: z.string(),
    decided_at: z.string().nullable(),
    decided_by: z.number().int().nullable(),
    refusal_reason: z.string().nullable(),
    /** The seller an approval made. */
    seller_id: z.number().int().nullable(),
  })
  .meta({ id: 'AdminSellerApplication' });
export type AdminSellerApplication = z.infer<typeof adminSellerApplicationSchema>;

export const sellerApplicationListReplySchema = z.object({ items: z.array(adminSellerApplicationSchema) });
export type SellerApplicationListReply = z.infer<typeof sellerApplicationListReplySchema>;

/** An approval's answer: the application, the seller it made and the owner's staff account. */
export const approveSellerApplicationReplySchema = z.object({
  application: adminSellerApplicationSchema,
  seller: z.object({ id: z.number().int(), seller_url: z.string() }),
  staff_id: z.number().int(),
});
export type ApproveSellerApplicationReply = z.infer<typeof approveSellerApplicationReplySchema>;

/** [I32] The applicant's texts (purpose 'seller_application'). */
export const SELLER_APPLICATION_PURPOSE = 'seller_application';
export const sellerApprovedText = (storeName: string, businessName: string) =>
  `${storeName}: ${businessName}, your application to sell is approved. We've texted you a link to set up your shop.`;
export const sellerRefusedText = (storeName: string, businessName: string, reason: string) =>
  `${storeName}: your application to sell as ${businessName} was not approved: ${reason}`;
