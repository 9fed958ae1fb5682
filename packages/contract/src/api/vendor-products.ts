// [I16-products] The back office's products under /admin/api/products (docs/vendor-products.md): a
// vendor (staff with role 'vendor') sees and edits only their own seller's products, an operator every
// seller's. Money is integer cents (`*_cents`). Rules as the catalogue importer's
// (docs/catalogue-import.md): name 1–200 characters, description up to 20,000, price 0 to $1,000,000,
// stock 0 to 10,000,000, 1–4 product photos (main first) and one picture per colour.

import { z } from 'zod';
import { idParam, multilineText, text } from './common.ts';

/** The importer's limits (catalog-importer.ts / import-format.ts). */
export const PRODUCT_LIMITS = {
  nameMax: 200,
  descriptionMax: 20_000,
  priceMaxCents: 100_000_000,
  stockMax: 10_000_000,
  photosMax: 4,
} as const;

/**
 * [I27-price-confirm] A new price more than 5 times the old one, or below a tenth of it, is what a slip
 * of the keyboard looks like ('36,50' read as 3650, '365' for '36.5'): the back office asks "Change
 * $36.50 to $3,650.00?" before it saves. From a price of $0.00 every new price is asked about.
 */
export function priceChangeLooksMistyped(oldCents: number, newCents: number): boolean {
  return newCents > oldCents * 5 || newCents * 10 < oldCents;
}

/**
 * [I27-price-step-up] Below this a price needs a fresh passkey check: $1.00. No real product of the shop
 * sells for less (the cheapest in the demo and example catalogues is $18.50), so a price under a dollar is
 * either a mistake or goods given away — and $0 always is.
 */
export const PRICE_STEP_UP_BELOW_CENTS = 100;

/**
 * [I27-price-step-up] A price change the server lets through only with a passkey check younger than 5
 * minutes (else 403 STEP_UP_REQUIRED): a new price below $1.00, or one that moves by more than half of
 * the old price (below half of it, or above one and a half times it). An unchanged price never does.
 */
export function priceChangeNeedsPasskey(oldCents: number, newCents: number): boolean {
  if (newCents === oldCents) return false;
  return newCents < PRICE_STEP_UP_BELOW_CENTS || newCents * 2 < oldCents || newCents * 2 > oldCents * 3;
}

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(50);

const priceCents = z
  .number()
  .int('must be a whole number of cents')
  .min(0, 'must be 0 or more')
  .max(PRODUCT_LIMITS.priceMaxCents, 'must be at most $1,000,000');
const stock = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(PRODUCT_LIMITS.stockMax, 'must be at most 10,000,000');

export const productKindSchema = z.enum(['simple', 'configurable', 'giftcard']);
export type ProductKind = z.infer<typeof productKindSchema>;

// ---------------------------------------------------------------- list

export const vendorProductListQuerySchema = z.object({
  page,
  page_size: pageSize,
  /** [I33] Searched as the storefront searches: words and their beginnings, typos, SKU fragments (docs/search.md). */
  q: text(100).optional(),
  /** Operators only: one seller's products (a vendor always sees their own). */
  seller_id: idParam.optional(),
});
export type VendorProductListQuery = z.output<typeof vendorProductListQuerySchema>;

export const vendorProductSummarySchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  kind: productKindSchema,
  seller_id: z.number(),
  seller_name: z.string(),
  enabled: z.boolean(),
  /** A simple product's price; for products with variants the lowest variant price. */
  price_cents: z.number(),
  /** A simple product's stock; for products with variants the sum of theirs. */
  stock: z.number(),
  variant_count: z.number(),
  /** The main photo's /media path, or null. */
  thumbnail_url: z.string().nullable(),
  /**
   * [I32] PRODUCT_REVIEW: 'waiting' for an operator, 'refused' (see the product), or 'approved'. The server
   * always sends it; optional so older callers' fixtures still read (absent: 'approved').
   */
  review_status: z.enum(['approved', 'waiting', 'refused']).optional(),
});
export type VendorProductSummary = z.infer<typeof vendorProductSummarySchema>;

export const vendorProductListReplySchema = z.object({
  items: z.array(vendorProductSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type VendorProductListReply = z.infer<typeof vendorProductListReplySchema>;

// ---------------------------------------------------------------- detail

/**
 * [I32] A held change of an approved product (PRODUCT_REVIEW=manual): the fields it changes, as the
 * product will read once approved. `status` 'waiting' until an operator decides.
 */
export const productChangeSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  photos: z.array(z.string()).nullable(),
  status: z.enum(['waiting', 'approved', 'refused']),
  refusal_reason: z.string().nullable(),
  submitted_at: z.string(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

export const vendorVariantSchema = z.object({
  id: z.number(),
  sku: z.string(),
  colour_id: z.number().nullable(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  /** A gift card amount's title ("$50"). */
  amount: z.string().nullable(),
  price_cents: z.number(),
  stock: z.number(),
  enabled: z.boolean(),
});
export type VendorVariant = z.infer<typeof vendorVariantSchema>;

export const colourPhotoSchema = z.object({
  colour_id: z.number(),
  colour: z.string(),
  /** The picture every variant of this colour shows, or null (then the product's main photo). */
  url: z.string().nullable(),
});
export type ColourPhoto = z.infer<typeof colourPhotoSchema>;

export const vendorProductSchema = z.object({
  id: z.number(),
  sku: z.string(),
  kind: productKindSchema,
  seller_id: z.number(),
  seller_name: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The product's own price (for products with variants, the importer's default variant price). */
  price_cents: z.number(),
  /** The product's photos, main first (1–4). */
  photos: z.array(z.string()),
  /** Configurable products: one entry per colour its variants have, in the product's colour order. */
  colour_photos: z.array(colourPhotoSchema),
  /**
   * The units for sale: the variants, or for a simple product one row that is the product itself
   * (id = the product's id), so stock and price are edited the same way.
   */
  variants: z.array(vendorVariantSchema),
  updated_at: z.string(),
  /**
   * [I32] PRODUCT_REVIEW=manual: 'waiting' (hidden until an operator approves), 'refused' or 'approved'.
   * These four are always sent; optional only so that fixtures written before them still read.
   */
  review_status: z.enum(['approved', 'waiting', 'refused']).optional(),
  /** [I32] Why an operator refused the product (review_status 'refused'), else null. */
  review_reason: z.string().nullable().optional(),
  /** [I32] An approved product's change of name, description or photos held for an operator, or null. */
  pending_change: productChangeSchema.nullable().optional(),
  /** [I32] The last held change an operator refused (with its reason), until the next change is sent. */
  refused_change: productChangeSchema.nullable().optional(),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;

// ---------------------------------------------------------------- changes

export const productParamsSchema = z.object({ id: idParam });
export const variantParamsSchema = z.object({ id: idParam, variantId: idParam });
export const photoParamsSchema = z.object({ id: idParam, position: z.coerce.number().int().min(0).max(3) });
export const colourParamsSchema = z.object({ id: idParam, colourId: idParam });

/** PATCH /products/:id — any of these; price only for a simple product (variants have their own). */
export const updateVendorProductBodySchema = z
  .object({
    name: text(PRODUCT_LIMITS.nameMax)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, 'must not be empty')),
    description: multilineText(PRODUCT_LIMITS.descriptionMax),
    price_cents: priceCents,
    enabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'nothing to change');
export type UpdateVendorProductBody = z.input<typeof updateVendorProductBodySchema>;

/**
 * PATCH /products/:id/variants/:variantId — price, stock, enabled. `stock` is set as an absolute value;
 * with `expected_stock` (the stock the editor loaded) it is set only if the stock is still that, else
 * 409 CONFLICT naming the stock now (a sale happened meanwhile). The back office always sends it.
 */
export const updateVendorVariantBodySchema = z
  .object({
    price_cents: priceCents,
    stock,
    expected_stock: z.number().int().min(0),
    enabled: z.boolean(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'expected_stock'), 'nothing to change')
  .refine((body) => body.expected_stock === undefined || body.stock !== undefined, {
    message: 'expected_stock goes with stock',
    path: ['expected_stock'],
  });
export type UpdateVendorVariantBody = z.input<typeof updateVendorVariantBodySchema>;

/** The most variants one save may change: the most a new product may have (`createVendorProductBodySchema`). */
export const VARIANTS_PER_SAVE_MAX = 200;

/**
 * [I34-variants] One row of PATCH /products/:id/variants: a variant's id (a simple product's own id for its
 * one row) and what changes, as the one-variant route's body.
 */
export const vendorVariantChangeSchema = z
  .object({
    id: z.number().int().min(1),
    price_cents: priceCents.optional(),
    stock: stock.optional(),
    expected_stock: z.number().int().min(0).optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine(
    (row) => Object.keys(row).some((key) => key !== 'id' && key !== 'expected_stock'),
    'nothing to change',
  )
  .refine((row) => row.expected_stock === undefined || row.stock !== undefined, {
    message: 'expected_stock goes with stock',
    path: ['expected_stock'],
  });
export type VendorVariantChange = z.input<typeof vendorVariantChangeSchema>;

/**
 * [I34-variants] PATCH /products/:id/variants — several variants of one product saved together, in one
 * transaction: every row is checked first and nothing is saved if any row fails. A bad figure is a 400
 * naming the row and field (`variants.2.price_cents`), a row that is not a variant of this product a 404,
 * a stock that moved since it was loaded a 409 naming each SKU, a price that needs the passkey a 403
 * STEP_UP_REQUIRED for the whole save. Each variant changed writes its own audit line.
 */
export const updateVendorVariantsBodySchema = z
  .object({
    variants: z
      .array(vendorVariantChangeSchema)
      .min(1, 'change at least one variant')
      .max(VARIANTS_PER_SAVE_MAX, `at most ${VARIANTS_PER_SAVE_MAX} variants in one save`),
  })
  .strict()
  .superRefine((body, context) => {
    const seen = new Set<number>();
    body.variants.forEach((row, index) => {
      if (seen.has(row.id))
        context.addIssue({
          code: 'custom',
          message: 'is in this save twice',
          path: ['variants', index, 'id'],
        });
      seen.add(row.id);
    });
  });
export type UpdateVendorVariantsBody = z.input<typeof updateVendorVariantsBodySchema>;

/** PUT /products/:id/photos/order — the product's photos in their new order (the same photos). */
export const reorderPhotosBodySchema = z.object({
  photos: z.array(text(300)).min(1).max(PRODUCT_LIMITS.photosMax),
});
export type ReorderPhotosBody = z.infer<typeof reorderPhotosBodySchema>;

/** The picture types an upload may be sent as (the body is the picture's bytes). */
export const PHOTO_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;

// ---------------------------------------------------------------- [I32] new products and their review

const skuText = text(64)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" and "-" only'),
  );
const optionText = text(40)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'must not be empty'));
/** A picture already in the media store, as POST /products/pictures answered it. */
const mediaPath = text(300).regex(/^\/media\/products\/[A-Za-z0-9._-]+$/, 'must be a photo uploaded here');

/**
 * [I32] POST /products — a new product. With colours and/or sizes it is a configurable product with one
 * variant per colour × size, each with its own price and stock (`variants`, every combination once);
 * without, a simple product with `price_cents` and `qty`. Photos (1–4, main first) and the pictures per
 * colour are uploaded first (POST /products/pictures) and named here, so a product never exists without
 * its photos. `seller_id`: operators name the seller; a vendor's product is always their own seller's.
 */
export const createVendorProductBodySchema = z
  .object({
    seller_id: z.number().int().min(1).optional(),
    name: text(PRODUCT_LIMITS.nameMax)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, 'must not be empty')),
    description: multilineText(PRODUCT_LIMITS.descriptionMax).default(''),
    category_id: z.number().int().min(1),
    sku: skuText,
    price_cents: priceCents,
    qty: stock.default(0),
    colours: z.array(optionText).max(20).default([]),
    sizes: z.array(optionText).max(20).default([]),
    variants: z
      .array(
        z
          .object({
            colour: optionText.optional(),
            size: optionText.optional(),
            price_cents: priceCents,
            qty: stock,
          })
          .strict(),
      )
      .max(200)
      .default([]),
    photos: z
      .array(mediaPath)
      .min(1, 'add at least one photo')
      .max(PRODUCT_LIMITS.photosMax, `at most ${PRODUCT_LIMITS.photosMax} photos`),
    colour_photos: z
      .array(z.object({ colour: optionText, url: mediaPath }).strict())
      .max(20)
      .default([]),
  })
  .strict();
export type CreateVendorProductBody = z.input<typeof createVendorProductBodySchema>;
export type CreateVendorProductInput = z.output<typeof createVendorProductBodySchema>;

/** [I32] POST /products/pictures — the picture's bytes as the body; answers its media path. */
export const uploadedPictureReplySchema = z.object({ url: z.string() });
export type UploadedPictureReply = z.infer<typeof uploadedPictureReplySchema>;

/** [I32] GET /products/sku-suggestion?name= — a SKU made from the name that no product uses yet. */
export const skuSuggestionQuerySchema = z.object({ name: text(PRODUCT_LIMITS.nameMax) });
export const skuSuggestionReplySchema = z.object({ sku: z.string() });
export type SkuSuggestionReply = z.infer<typeof skuSuggestionReplySchema>;

/** [I32] GET /products/categories — the shop's categories to file a new product under. */
export const productCategoriesReplySchema = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), path: z.string() })),
});
export type ProductCategoriesReply = z.infer<typeof productCategoriesReplySchema>;

/** [I32] Products › Waiting for approval (operators): new products, then held changes, oldest first. */
export const productReviewQueueReplySchema = z.object({
  products: z.array(z.object({ product: vendorProductSchema, submitted_at: z.string() })),
  changes: z.array(
    z.object({
      change: productChangeSchema,
      /** The product as the storefront shows it now (the approved version). */
      product: vendorProductSchema,
    }),
  ),
});
export type ProductReviewQueueReply = z.infer<typeof productReviewQueueReplySchema>;

/** [I32] POST /products/:id/refuse and /product-changes/:id/refuse — why, texted to the seller. */
export const refuseProductBodySchema = z
  .object({
    reason: multilineText(1000)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, 'say why, for the seller')),
  })
  .strict();
export type RefuseProductBody = z.input<typeof refuseProductBodySchema>;

export const productChangeParamsSchema = z.object({ id: idParam });
