// [I33] Storefront search (docs/search.md): GET {ns}/search and GET {ns}/searchSuggestions, their queries
// and replies, shared by the server's routes, the web app and the back office. Money on the wire is
// dollars, as the catalogue's lists; 10 results a page, page 1 by default, past the end an empty list.

import { z } from 'zod';
import { productTileSchema } from './catalog.ts';
import { text } from './common.ts';

/** The longest query anyone may send; longer ones are refused, not cut. */
export const SEARCH_QUERY_MAX = 100;
/** Suggestions start at this many characters (the web app waits for them too). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_PRODUCTS = 5;
export const SUGGEST_CATEGORIES = 3;
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const once = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be given once';

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: once })
    .trim()
    .regex(/^\d{1,10}$/, { message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { message });
}

/** Dollars with at most 2 decimals, as a query string ("25", "24.95"). */
const dollars = z
  .string({ error: once })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { message: 'must be an amount in dollars, such as 25 or 24.95' })
  .transform(Number);

const searchText = text(SEARCH_QUERY_MAX * 4, { error: once })
  .trim()
  .max(SEARCH_QUERY_MAX, { message: `is too long (at most ${SEARCH_QUERY_MAX} characters)` });

/**
 * GET {ns}/search. `q` may be empty when a filter is given (then the newest first); `color` and `size`
 * are option titles as the product page shows them ("Navy", "XS").
 */
export const searchQuery = z.object({
  q: searchText.default(''),
  page: wholeNumber(1, 100_000).default(1),
  category_id: wholeNumber(1, 2_147_483_647).optional(),
  seller_url: text(200, { error: once }).trim().optional(),
  price_min: dollars.optional(),
  price_max: dollars.optional(),
  color: text(100, { error: once }).trim().optional(),
  size: text(100, { error: once }).trim().optional(),
  in_stock: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).optional(),
  sort: z.enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(', ')}` }).default('relevance'),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** One value of a filter with the number of results it would leave (the other filters applied). */
export const facetValueSchema = z
  .object({ value: z.string(), label: z.string(), count: z.number() })
  .meta({ id: 'SearchFacetValue' });
export type FacetValue = z.infer<typeof facetValueSchema>;

export const searchFacetsSchema = z
  .object({
    /** value: the category id as a string. */
    category: z.array(facetValueSchema),
    /** value: the seller_url. */
    seller: z.array(facetValueSchema),
    /** value: the colour's title. */
    color: z.array(facetValueSchema),
    size: z.array(facetValueSchema),
    /** The lowest and highest price among the results, in dollars; null without results. */
    price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
    /** How many of the results are in stock. */
    in_stock: z.number(),
  })
  .meta({ id: 'SearchFacets' });
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchReplySchema = z
  .object({
    status: z.literal(true),
    data: z.array(productTileSchema),
    total_count: z.number(),
    facets: searchFacetsSchema,
    /** With no (or few) results: a spelling the catalogue knows ("hoodie" for "hoddie"). */
    suggestion: z.string().optional(),
  })
  .meta({ id: 'SearchReply' });
export type SearchReply = z.infer<typeof searchReplySchema>;

/** [start, end) character ranges of `name` that match the query, for marking. */
const marksSchema = z.array(z.tuple([z.number(), z.number()]));

export const suggestionsQuery = z.object({ q: searchText });

export const searchSuggestionsReplySchema = z
  .object({
    status: z.literal(true),
    products: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        sku: z.string(),
        /** Dollars; for a configurable product the lowest child price. */
        price: z.number(),
        image: z.string(),
        marks: marksSchema,
      }),
    ),
    categories: z.array(z.object({ id: z.number(), name: z.string(), marks: marksSchema })),
  })
  .meta({ id: 'SearchSuggestionsReply' });
export type SearchSuggestionsReply = z.infer<typeof searchSuggestionsReplySchema>;
