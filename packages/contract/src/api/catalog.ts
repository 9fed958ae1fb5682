// The catalogue calls (SPEC.md §3 Product, Seller, Category; §7 Catalogue): their queries and replies,
// shared by the server's routes and the web app. Money on the wire is dollars with at most 2 decimals.
// Lists are 10 a page, page 1 by default; past the end is an empty list.

import { z } from 'zod';
import { LISTING_CURRENCY, LISTING_STORE_ID } from '../constants.ts';
import { text } from './common.ts';
import { readSearchCriteria, searchCriteriaShape, searchCriterionValue } from './magento-search.ts';

export { MAX_PAGE_SIZE } from './magento-search.ts';

// ---- Queries -----------------------------------------------------------------------------------------

/** The deepest page anyone may ask for; deeper offsets only cost the database. */
export const MAX_PAGE = 100_000;
const MAX_ID = 2_147_483_647;

const once = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be given once';

/** A whole number from `min` to `max`, given as a query string. */
function queryNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: once })
    .trim()
    .regex(/^\d{1,10}$/, { message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { message });
}

const id = queryNumber(1, MAX_ID);
const page = queryNumber(1, MAX_PAGE).default(1);

/** product, seller, getgiftcardmmstemplates: `?product_id` */
export const productQuery = z.object({ product_id: id });
/** browseProducts: `?page` */
export const pageQuery = z.object({ page });
export const sellerInformationQuery = z.object({
  seller_url: text(1000, { error: once })
    .trim()
    .min(1, { message: 'is required' })
    .max(200, { message: 'is too long' }),
  page,
});
export const categoryProductsQuery = z.object({ category_id: id, page });

/**
 * [API-15, I33] Magento's `products-render-info`: searchCriteria as `GET /V1/products` reads it
 * (magento-search.ts: filter groups, sort orders, and the page and its size as `pageSize` /
 * `currentPage` or the snake_case spelling some Magento clients send; the camelCase one wins).
 */
export const productsRenderInfoQuery = z
  .object({
    ...searchCriteriaShape,
    // [CONST-19, CONST-20] The alternate listing is store 1 in AUD; anything else is not served here.
    storeId: z
      .string({ error: once })
      .refine((value) => value === String(LISTING_STORE_ID), { message: `must be ${LISTING_STORE_ID}` })
      .optional(),
    currencyCode: z
      .string({ error: once })
      .refine((value) => value.toUpperCase() === LISTING_CURRENCY, {
        message: `must be ${LISTING_CURRENCY}`,
      })
      .optional(),
  })
  .catchall(searchCriterionValue)
  .transform((query, context) => {
    const criteria = readSearchCriteria(query, context);
    return {
      storeId: query.storeId,
      currencyCode: query.currencyCode,
      pageSize: criteria.page_size,
      currentPage: criteria.current_page,
      criteria,
    };
  });

// ---- Replies -----------------------------------------------------------------------------------------

export const attributeCodeSchema = z.enum(['color', 'size', 'gift_card_price']);
export type AttributeCode = z.infer<typeof attributeCodeSchema>;

/** [DATA-24] One choice of a configurable option. */
export const optionChoiceSchema = z
  .object({
    /** The option value id (Magento's value_index). */
    option_value: z.number(),
    default_title: z.string(),
    /** Units in stock over the children that have this value. */
    qty: z.number(),
    /** Colour swatch as a CSS colour, for color options. */
    swatch: z.string().nullable().optional(),
  })
  .meta({ id: 'OptionChoice' });
export type OptionChoice = z.infer<typeof optionChoiceSchema>;

export const configurableOptionSchema = z
  .object({
    /** [CONST-14..16] 93 colour, 141 size, 216 gift card price. */
    option_id: z.number(),
    attribute_code: attributeCodeSchema,
    label: z.string(),
    options: z.array(optionChoiceSchema),
  })
  .meta({ id: 'ConfigurableOption' });
export type ConfigurableOption = z.infer<typeof configurableOptionSchema>;

/** A record keyed by some attribute codes (zod's partial record: no key is required). */
const byAttribute = <T extends z.ZodType>(value: T) => z.partialRecord(attributeCodeSchema, value);

/** A child of a configurable product: its own sku, stock and price. */
export const configurableChildSchema = z
  .object({
    id: z.number(),
    sku: z.string(),
    name: z.string(),
    qty: z.number(),
    price: z.number(),
    /** The option value ids this child stands for, keyed by attribute code. */
    options: byAttribute(z.number()),
    /** The child's own picture (its colour), when the catalogue gives one; else the product's pictures. */
    image: z.string().optional(),
  })
  .meta({ id: 'ConfigurableChild' });
export type ConfigurableChild = z.infer<typeof configurableChildSchema>;

export const sellerSummarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    /** [DATA-28] seller_url, also called shop_url. */
    seller_url: z.string(),
    shop_url: z.string(),
    /** [DATA-29] image, also supplied_by_image (the supplier logo). */
    image: z.string(),
    supplied_by_image: z.string(),
    /** [DATA-30] description, also popup_description. */
    description: z.string(),
    popup_description: z.string(),
    /** The wide header picture of the seller profile. */
    banner_image: z.string(),
  })
  .meta({ id: 'SellerSummary' });
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

/** A product as a list shows it (browseProducts, categoryProducts, sellerInformation). */
export const productTileSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    sku: z.string(),
    /** Stock; for a configurable product the sum over its children. */
    qty: z.number(),
    /** For a configurable product the lowest child price ('From $x'). */
    price: z.number(),
    type_id: z.enum(['simple', 'configurable']),
    is_giftcard: z.boolean(),
    short_desc: z.string(),
    /** [DATA-27] image, and images (main first). */
    image: z.string(),
    images: z.array(z.string()),
    product_seller_image: z.string(),
    seller_url: z.string(),
  })
  .meta({ id: 'ProductTile' });
export type ProductTile = z.infer<typeof productTileSchema>;

export const productTabsSchema = z
  .object({
    /** Two rows, e.g. Delivery and Returns. */
    shipping: z.array(z.object({ label: z.string(), value: z.string() })),
    sizing_chart: z.string().nullable(),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  })
  .meta({ id: 'ProductTabs' });
export type ProductTabs = z.infer<typeof productTabsSchema>;

/** [DATA-24, DATA-25] The full product of the product call. */
export const productSchema = productTileSchema
  .extend({
    description: z.string(),
    tabs: productTabsSchema,
    seller: sellerSummarySchema,
    configurable_options: byAttribute(configurableOptionSchema),
    configurable_products: z.array(configurableChildSchema),
    /** For each option and value, the skus of the children in stock that have it. */
    configurable_options_products: byAttribute(z.record(z.string(), z.array(z.string()))),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** [ERR-04] An unknown, disabled or child id: a 200 that says so (SPEC.md §8). */
export const productNotExistsSchema = z
  .object({ status: z.literal(false), not_exists: z.literal(true) })
  .meta({ id: 'ProductNotExists' });

/** [API-09] GET {ns}/product */
export const productReplySchema = z.union([productSchema, productNotExistsSchema]);
export type ProductReply = z.infer<typeof productReplySchema>;

/** [API-10] GET {ns}/seller */
export const sellerReplySchema = z.object({ status: z.literal(true), seller: sellerSummarySchema });
export type SellerReply = z.infer<typeof sellerReplySchema>;

/** [API-11] GET {ns}/sellerInformation */
export const sellerInformationReplySchema = z.object({
  status: z.boolean(),
  seller: sellerSummarySchema,
  products: z.array(productTileSchema),
  /**
   * [I32] False while an operator has suspended the seller: `products` is empty and the profile says it
   * is not selling at the moment. Always sent by this server; optional for the Magento-shaped clients.
   */
  selling: z.boolean().optional(),
  /** [I32] The seller's delivery words (its profile's "Delivery"); '' when it gave none. */
  shipping_info: z.string().optional(),
});
export type SellerInformationReply = z.infer<typeof sellerInformationReplySchema>;

/** [DATA-31] */
export interface Category {
  entity_id: number;
  value: string;
  children: Category[];
}
export const categorySchema: z.ZodType<Category> = z
  .object({
    entity_id: z.number(),
    value: z.string(),
    get children() {
      return z.array(categorySchema);
    },
  })
  .meta({ id: 'Category' });

/** [API-12] GET {ns}/categories: a JSON array, as the side menu reads it. */
export const categoriesReplySchema = z.array(categorySchema);

/** [API-13] GET {ns}/browseProducts */
export const browseProductsReplySchema = z.object({ data: z.array(productTileSchema) });
export type BrowseProductsReply = z.infer<typeof browseProductsReplySchema>;

/** [API-14] GET {ns}/categoryProducts: the same list twice. */
export const categoryProductsReplySchema = z.object({
  data: z.array(productTileSchema),
  products: z.array(productTileSchema),
});
export type CategoryProductsReply = z.infer<typeof categoryProductsReplySchema>;

/** [DATA-43] */
export const mmsTemplateSchema = z
  .object({
    id: z.number(),
    mms_template_id: z.number(),
    mms_template_url: z.string(),
    name: z.string(),
  })
  .meta({ id: 'MmsTemplate' });
export type MmsTemplate = z.infer<typeof mmsTemplateSchema>;

/** [API-16] GET {ns}/getgiftcardmmstemplates: a product without templates has `{data: []}`. */
export const mmsTemplatesReplySchema = z.object({ data: z.array(mmsTemplateSchema) });
export type MmsTemplatesReply = z.infer<typeof mmsTemplatesReplySchema>;

const formattedPriceKeys = [
  'final_price',
  'max_price',
  'minimal_price',
  'regular_price',
  'max_regular_price',
  'minimal_regular_price',
] as const;

/** [API-15] One product of Magento's `products-render-info`. */
export const productRenderSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    type: z.enum(['simple', 'configurable']),
    url: z.string(),
    store_id: z.number(),
    currency_code: z.string(),
    price_info: z.object({
      final_price: z.number(),
      max_price: z.number(),
      minimal_price: z.number(),
      regular_price: z.number(),
      max_regular_price: z.number(),
      minimal_regular_price: z.number(),
      special_price: z.number().nullable(),
      formatted_prices: z.object(
        Object.fromEntries(formattedPriceKeys.map((key) => [key, z.string()])) as Record<
          (typeof formattedPriceKeys)[number],
          z.ZodString
        >,
      ),
    }),
    images: z.array(
      z.object({
        url: z.string(),
        code: z.literal('small_image'),
        height: z.number(),
        width: z.number(),
        label: z.string(),
      }),
    ),
    is_salable: z.enum(['1', '0']),
    extension_attributes: z.object({
      sku: z.string(),
      qty: z.number(),
      is_giftcard: z.boolean(),
      short_desc: z.string(),
      seller_url: z.string(),
      product_seller_image: z.string(),
    }),
  })
  .meta({ id: 'ProductRender' });
export type ProductRender = z.infer<typeof productRenderSchema>;

export const productsRenderInfoReplySchema = z.object({
  items: z.array(productRenderSchema),
  total_count: z.number(),
});
export type ProductsRenderInfoReply = z.infer<typeof productsRenderInfoReplySchema>;
