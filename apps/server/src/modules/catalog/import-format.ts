import { textProblem } from '@quokka/contract/api/common';
import { z } from 'zod';

// The catalogue import format (docs/catalogue-import.md, example in docs/catalogue-example.json). One
// JSON file holds sellers, categories and products; everything is matched by its natural key (seller_url,
// category code, sku) so importing the same file twice changes nothing. Money in dollars.

/**
 * A name: 1 to `max` characters after trimming, by the contract's rule for a line of text (no control
 * or text-direction characters, no unpaired surrogate, something visible: [I27-text]). Descriptions keep
 * their own looser rule (exports carry tabs in their HTML).
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((value, context) => {
      const problem = textProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
    });
const dollars = z
  .number()
  .nonnegative()
  .max(1_000_000)
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      message: 'must have at most 2 decimals',
    },
  );
const stock = z.number().int().nonnegative().max(10_000_000);
/**
 * A picture as the file names it: a path relative to the file (`pictures/tee.jpg`), a `data:` URL, an
 * `http(s)` URL, or a picture already in the media store (`/media/…`). The media store reads, checks and
 * stores each one before the catalogue is written (modules/media/catalogue-pictures.ts).
 */
const picture = z
  .string()
  .trim()
  .min(1)
  .superRefine((value, ctx) => {
    const isData = /^data:/i.test(value);
    // A data: URL carries the picture itself; the media store caps its bytes.
    if (value.length > (isData ? 20_000_000 : 2000)) {
      ctx.addIssue({
        code: 'custom',
        message: `is longer than ${isData ? '20,000,000' : '2000'} characters`,
      });
      return;
    }
    if (isData || /^https?:\/\//i.test(value) || value.startsWith('/media/')) return;
    if (value.startsWith('/') || value.startsWith('\\') || /^[a-z][a-z0-9+.-]*:/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a path relative to the file, a data: URL, an http(s) URL or a /media/ path',
      });
    }
  });
const sku = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" and "-" only');
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and "-" only');

export const sellerInput = z.strictObject({
  seller_url: code,
  name: text(120),
  description: z.string().max(4000).default(''),
  logo_url: picture,
  banner_url: picture,
});

export const categoryInput = z.strictObject({
  code,
  name: text(80),
  /** The parent's code; absent for a top-level category. Three levels at most. */
  parent: code.nullish(),
  position: z.number().int().default(0),
});

const tabsInput = z.strictObject({
  shipping: z
    .array(z.strictObject({ label: text(60), value: text(500) }))
    .max(2)
    .default([]),
  sizing_chart_url: picture.nullish(),
  faq: z
    .array(z.strictObject({ question: text(300), answer: text(2000) }))
    .max(30)
    .default([]),
});

const optionChoice = z.strictObject({
  title: text(40),
  swatch: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish(),
});

const variantInput = z.strictObject({
  sku,
  color: text(40).optional(),
  size: text(40).optional(),
  gift_card_price: text(40).optional(),
  /** Defaults to the parent's price. */
  price: dollars.optional(),
  qty: stock,
  /** The variant's own picture (e.g. the product in this colour); the product page shows it when chosen. */
  image: picture.optional(),
});

const productBase = {
  sku,
  name: text(200),
  seller: code,
  price: dollars,
  short_desc: z.string().max(500).default(''),
  description: z.string().max(20_000).default(''),
  categories: z.array(code).max(20).default([]),
  /** Main picture first, then up to three secondary pictures. */
  images: z.array(picture).min(1).max(4),
  tabs: tabsInput.default({ shipping: [], faq: [] }),
  enabled: z.boolean().default(true),
};

export const productInput = z.discriminatedUnion('type', [
  z.strictObject({ ...productBase, type: z.literal('simple'), qty: stock }),
  z.strictObject({
    ...productBase,
    type: z.literal('configurable'),
    /** Order and swatches of the choices; choices named only by variants are added after these. */
    options: z
      .strictObject({ color: z.array(optionChoice).optional(), size: z.array(optionChoice).optional() })
      .optional(),
    variants: z
      .array(variantInput.refine((v) => !v.gift_card_price, { message: 'gift_card_price is for gift cards' }))
      .min(1)
      .max(200),
  }),
  z.strictObject({
    ...productBase,
    type: z.literal('giftcard'),
    variants: z
      .array(
        variantInput.refine((v) => v.gift_card_price && !v.color && !v.size, {
          message: 'a gift card variant has a gift_card_price and no colour or size',
        }),
      )
      .min(1)
      .max(50),
    mms_templates: z
      .array(z.strictObject({ code, name: text(80), image_url: picture }))
      .min(1)
      .max(50),
  }),
]);

export const catalogueFile = z
  .strictObject({
    sellers: z.array(sellerInput).default([]),
    categories: z.array(categoryInput).default([]),
    products: z.array(productInput).default([]),
  })
  .superRefine((file, ctx) => {
    const seen = new Map<string, string>();
    file.products.forEach((product, index) => {
      const skus = [product.sku, ...('variants' in product ? product.variants.map((v) => v.sku) : [])];
      skus.forEach((value, position) => {
        const where =
          position === 0 ? `products.${index}.sku` : `products.${index}.variants.${position - 1}.sku`;
        const earlier = seen.get(value);
        if (earlier)
          ctx.addIssue({
            code: 'custom',
            path: where.split('.'),
            message: `sku "${value}" is also used at ${earlier}`,
          });
        else seen.set(value, where);
      });
      if (product.type === 'configurable') {
        const first = product.variants[0];
        product.variants.forEach((variant, position) => {
          if (!variant.color && !variant.size) {
            ctx.addIssue({
              code: 'custom',
              path: ['products', index, 'variants', position],
              message: 'a variant needs a color or a size',
            });
          }
          if (first && Boolean(variant.color) !== Boolean(first.color)) {
            ctx.addIssue({
              code: 'custom',
              path: ['products', index, 'variants', position, 'color'],
              message: 'every variant has a color, or none does',
            });
          }
          if (first && Boolean(variant.size) !== Boolean(first.size)) {
            ctx.addIssue({
              code: 'custom',
              path: ['products', index, 'variants', position, 'size'],
              message: 'every variant has a size, or none does',
            });
          }
        });
      }
    });
    const codes = new Set<string>();
    file.categories.forEach((category, index) => {
      if (codes.has(category.code))
        ctx.addIssue({
          code: 'custom',
          path: ['categories', index, 'code'],
          message: `category "${category.code}" appears twice`,
        });
      codes.add(category.code);
    });
    const sellers = new Set<string>();
    file.sellers.forEach((seller, index) => {
      if (sellers.has(seller.seller_url))
        ctx.addIssue({
          code: 'custom',
          path: ['sellers', index, 'seller_url'],
          message: `seller "${seller.seller_url}" appears twice`,
        });
      sellers.add(seller.seller_url);
    });
  });

export type CatalogueFile = z.infer<typeof catalogueFile>;
export type CatalogueFileInput = z.input<typeof catalogueFile>;
export type ProductInput = z.infer<typeof productInput>;
