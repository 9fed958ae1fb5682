// [I33] Magento clients' searchCriteria (docs/search.md): the filters, sort orders and paging that
// Magento's `GET /V1/products` and `GET /V1/products-render-info` read, and the product list
// `GET /V1/products` answers. Fastify hands the bracketed keys over flat
// (`searchCriteria[filter_groups][0][filters][0][field]` is one key), so a query is an object of the keys
// documented here plus any other `searchCriteria[…]` key, read into one `SearchCriteria` by
// `readSearchCriteria`. Magento's rules: the filters of a group are OR-ed, the groups AND-ed; a filter
// without a condition_type is `eq`; sort orders apply in their index order, `ASC` when no direction is
// given. Anything this server does not read (another field, condition or key) is a 400 naming the key,
// never silently dropped: a filter left out would answer more than was asked for.

import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { text } from './common.ts';

/** The most products a page of products-render-info or products may hold. */
export const MAX_PAGE_SIZE = 100;
/** The deepest page (catalog.ts MAX_PAGE, the catalogue's lists). */
const MAX_PAGE = 100_000;
/** More than any client asks for; beyond them a query is refused rather than built into SQL. */
export const MAX_FILTER_GROUPS = 10;
export const MAX_FILTERS_PER_GROUP = 20;
export const MAX_SORT_ORDERS = 4;
export const MAX_IN_VALUES = 100;
const MAX_VALUE_LENGTH = 255;

/** Each field a filter may name, and the conditions it takes. */
export const SEARCH_FIELD_CONDITIONS = {
  name: ['eq', 'like'],
  sku: ['eq', 'like', 'in'],
  category_id: ['eq', 'in'],
  price: ['eq', 'gt', 'gteq', 'lt', 'lteq'],
} as const;
export type SearchField = keyof typeof SEARCH_FIELD_CONDITIONS;
export type SearchCondition = (typeof SEARCH_FIELD_CONDITIONS)[SearchField][number];
const SEARCH_FIELDS = Object.keys(SEARCH_FIELD_CONDITIONS) as SearchField[];

export const SORT_FIELDS = ['name', 'price', 'created_at', 'sku'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

// ---- The query ---------------------------------------------------------------------------------------

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

/** What a `searchCriteria[…]` key not named in the shape may carry (a repeated key comes as a list). */
const criterionValue = z.union([text(MAX_VALUE_LENGTH * 4), z.array(text(MAX_VALUE_LENGTH * 4))]);

const anyIndex = 'Any group i and filter j';

/**
 * The keys of searchCriteria as the reference documents them: paging in both spellings Magento clients
 * send (the camelCase one wins), and the first filter and sort order — the others have the same keys
 * with other indexes, and `filterGroups` / `conditionType` / `sort_orders` are read as well.
 */
export const searchCriteriaShape = {
  'searchCriteria[pageSize]': queryNumber(1, MAX_PAGE_SIZE).optional(),
  'searchCriteria[page_size]': queryNumber(1, MAX_PAGE_SIZE).optional(),
  'searchCriteria[currentPage]': queryNumber(1, MAX_PAGE).optional(),
  'searchCriteria[current_page]': queryNumber(1, MAX_PAGE).optional(),
  'searchCriteria[filter_groups][0][filters][0][field]': text(MAX_VALUE_LENGTH, { error: once })
    .optional()
    .meta({ description: `${anyIndex}: ${SEARCH_FIELDS.join(', ')}` }),
  'searchCriteria[filter_groups][0][filters][0][value]': text(MAX_VALUE_LENGTH, { error: once })
    .optional()
    .meta({
      description: `${anyIndex}: the value; \`like\` takes % wildcards, \`in\` a comma-separated list, price is dollars`,
    }),
  'searchCriteria[filter_groups][0][filters][0][condition_type]': text(MAX_VALUE_LENGTH, { error: once })
    .optional()
    .meta({
      description: `${anyIndex}: ${SEARCH_FIELDS.map((field) => `${field} ${SEARCH_FIELD_CONDITIONS[field].join('/')}`).join('; ')}; eq when left out`,
    }),
  'searchCriteria[sortOrders][0][field]': text(MAX_VALUE_LENGTH, { error: once })
    .optional()
    .meta({ description: `Any sort order k: ${SORT_FIELDS.join(', ')}` }),
  'searchCriteria[sortOrders][0][direction]': text(MAX_VALUE_LENGTH, { error: once })
    .optional()
    .meta({ description: 'Any sort order k: ASC (when left out) or DESC' }),
};

/** One filter as read, and as `search_criteria` echoes it. */
export interface SearchFilter {
  field: SearchField;
  value: string;
  condition_type: SearchCondition;
}
export interface SortOrder {
  field: SortField;
  direction: SortDirection;
}
export interface SearchCriteria {
  filter_groups: { filters: SearchFilter[] }[];
  /** Only when the query gave some (as Magento echoes it). */
  sort_orders?: SortOrder[];
  /** As applied: 10 and 1 when the query gave none. */
  page_size: number;
  current_page: number;
}

const FILTER_KEY =
  /^searchCriteria\[(?:filter_groups|filterGroups)\]\[(\d{1,3})\]\[filters\]\[(\d{1,3})\]\[(field|value|condition_type|conditionType)\]$/;
const SORT_KEY = /^searchCriteria\[(?:sortOrders|sort_orders)\]\[(\d{1,3})\]\[(field|direction)\]$/;
const PAGE_KEY = /^searchCriteria\[(?:pageSize|page_size|currentPage|current_page)\]$/;

const DECIMAL_DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

type Issue = (key: string, message: string) => void;

/** What is wrong with a filter's value for its field and condition, or null. */
function valueProblem(field: SearchField, condition: SearchCondition, value: string): string | null {
  if (value.trim() === '') return 'is required';
  const list = condition === 'in' ? value.split(',').map((part) => part.trim()) : [value];
  if (list.length > MAX_IN_VALUES) return `must list at most ${MAX_IN_VALUES} values`;
  if (field === 'category_id' && !list.every((id) => WHOLE_ID.test(id) && Number(id) <= MAX_ID))
    return condition === 'in'
      ? 'must be category ids separated by commas, such as 12,15'
      : 'must be a category id (a whole number)';
  if (field === 'price' && !DECIMAL_DOLLARS.test(value.trim()))
    return 'must be an amount in dollars, such as 25 or 24.95';
  if (condition === 'in' && list.some((part) => part === '')) return 'must not hold an empty value';
  // A backslash escapes the next character in a pattern (\% is a % itself); a last one escapes nothing.
  if (condition === 'like' && /(^|[^\\])(\\\\)*\\$/.test(value))
    return 'must not end with a lone backslash (\\\\ stands for one)';
  return null;
}

/** Keys by index, in index order (indexes may have gaps, as Magento allows). */
function byIndex<T>(map: Map<number, T>): [number, T][] {
  return [...map.entries()].sort(([a], [b]) => a - b);
}

/**
 * Reads the searchCriteria of a flat query (after the shape's own keys are checked) into filter groups,
 * sort orders and paging; each problem is reported on its own key.
 */
export function readSearchCriteria(query: Record<string, unknown>, context: z.RefinementCtx): SearchCriteria {
  const issue: Issue = (key, message) =>
    context.addIssue({ code: 'custom', path: [key], message, input: query[key] });
  type Parts = Partial<Record<'field' | 'value' | 'condition_type', { key: string; value: string }>>;
  const groups = new Map<number, Map<number, Parts>>();
  const sorts = new Map<number, Partial<Record<'field' | 'direction', { key: string; value: string }>>>();

  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith('searchCriteria[') || PAGE_KEY.test(key) || raw === undefined) continue;
    if (typeof raw !== 'string') {
      issue(key, 'must be given once');
      continue;
    }
    if (raw.length > MAX_VALUE_LENGTH) {
      issue(key, `is too long (at most ${MAX_VALUE_LENGTH} characters)`);
      continue;
    }
    const filter = FILTER_KEY.exec(key);
    if (filter) {
      const [, group, index, part] = filter;
      const filters = groups.get(Number(group)) ?? new Map<number, Parts>();
      groups.set(Number(group), filters);
      const parts = filters.get(Number(index)) ?? {};
      filters.set(Number(index), parts);
      parts[part === 'conditionType' ? 'condition_type' : (part as 'field' | 'value' | 'condition_type')] = {
        key,
        value: raw,
      };
      continue;
    }
    const sort = SORT_KEY.exec(key);
    if (sort) {
      const [, index, part] = sort;
      const order = sorts.get(Number(index)) ?? {};
      sorts.set(Number(index), order);
      order[part as 'field' | 'direction'] = { key, value: raw };
      continue;
    }
    issue(
      key,
      'is not a search criterion this server reads (filter_groups, sortOrders, pageSize and currentPage are)',
    );
  }

  if (groups.size > MAX_FILTER_GROUPS)
    issue('searchCriteria[filter_groups]', `at most ${MAX_FILTER_GROUPS} groups`);
  const filterGroups: { filters: SearchFilter[] }[] = [];
  for (const [group, filters] of byIndex(groups)) {
    const prefix = `searchCriteria[filter_groups][${group}][filters]`;
    if (filters.size > MAX_FILTERS_PER_GROUP)
      issue(prefix, `at most ${MAX_FILTERS_PER_GROUP} filters a group`);
    const read: SearchFilter[] = [];
    for (const [index, parts] of byIndex(filters)) {
      const at = (part: string) => `${prefix}[${index}][${part}]`;
      const fieldText = parts.field?.value.trim() ?? '';
      if (!parts.field || fieldText === '') {
        issue(at('field'), 'is required');
        continue;
      }
      if (!(SEARCH_FIELDS as string[]).includes(fieldText)) {
        issue(parts.field.key, `cannot filter on "${fieldText}": use ${SEARCH_FIELDS.join(', ')}`);
        continue;
      }
      const field = fieldText as SearchField;
      const allowed: readonly string[] = SEARCH_FIELD_CONDITIONS[field];
      const conditionText = parts.condition_type?.value.trim().toLowerCase() || 'eq';
      if (!allowed.includes(conditionText)) {
        issue(
          parts.condition_type?.key ?? at('condition_type'),
          `"${conditionText}" is not a condition of ${field}: use ${allowed.join(', ')}`,
        );
        continue;
      }
      const condition = conditionText as SearchCondition;
      const value = parts.value?.value ?? '';
      const problem = valueProblem(field, condition, value);
      if (problem) {
        issue(parts.value?.key ?? at('value'), problem);
        continue;
      }
      read.push({ field, value, condition_type: condition });
    }
    if (read.length > 0) filterGroups.push({ filters: read });
  }

  if (sorts.size > MAX_SORT_ORDERS)
    issue('searchCriteria[sortOrders]', `at most ${MAX_SORT_ORDERS} sort orders`);
  const sortOrders: SortOrder[] = [];
  for (const [index, order] of byIndex(sorts)) {
    const fieldText = order.field?.value.trim() ?? '';
    if (!order.field || fieldText === '') {
      issue(`searchCriteria[sortOrders][${index}][field]`, 'is required');
      continue;
    }
    if (!(SORT_FIELDS as readonly string[]).includes(fieldText)) {
      issue(order.field.key, `cannot sort by "${fieldText}": use ${SORT_FIELDS.join(', ')}`);
      continue;
    }
    const directionText = order.direction?.value.trim().toUpperCase() || 'ASC';
    if (!(SORT_DIRECTIONS as readonly string[]).includes(directionText)) {
      issue(order.direction?.key ?? `searchCriteria[sortOrders][${index}][direction]`, 'must be ASC or DESC');
      continue;
    }
    sortOrders.push({ field: fieldText as SortField, direction: directionText as SortDirection });
  }

  const number = (key: string) => query[key] as number | undefined;
  return {
    filter_groups: filterGroups,
    ...(sortOrders.length > 0 ? { sort_orders: sortOrders } : {}),
    page_size: number('searchCriteria[pageSize]') ?? number('searchCriteria[page_size]') ?? PAGE_SIZE,
    current_page: number('searchCriteria[currentPage]') ?? number('searchCriteria[current_page]') ?? 1,
  };
}

/** [I33] GET /V1/products: searchCriteria, as products-render-info reads it too (catalog.ts). */
export const magentoProductsQuery = z
  .object(searchCriteriaShape)
  .catchall(criterionValue)
  .transform((query, context) => readSearchCriteria(query, context));

/** The value of a `searchCriteria[…]` key not listed in a shape (catalog.ts's products-render-info). */
export const searchCriterionValue = criterionValue;

// ---- The reply of GET /V1/products -------------------------------------------------------------------

export const searchFilterSchema = z.object({
  field: z.enum(SEARCH_FIELDS as [SearchField, ...SearchField[]]),
  value: z.string(),
  condition_type: z.string(),
});

export const searchCriteriaSchema = z
  .object({
    filter_groups: z.array(z.object({ filters: z.array(searchFilterSchema) })),
    sort_orders: z
      .array(z.object({ field: z.enum(SORT_FIELDS), direction: z.enum(SORT_DIRECTIONS) }))
      .optional(),
    page_size: z.number(),
    current_page: z.number(),
  })
  .meta({ id: 'SearchCriteria' });

/** Magento's `{attribute_code, value}`; category_ids is a list, as Magento sends it. */
export const customAttributeSchema = z.object({
  attribute_code: z.string(),
  value: z.union([z.string(), z.array(z.string())]),
});

/**
 * [I33] One product of `GET /V1/products`: the subset of Magento's ProductInterface this catalogue has.
 * Only listed products are answered, so `status` is always 1 (enabled) and `visibility` 4 (catalogue and
 * search). `price` is dollars; for a configurable product the lowest price a shopper can buy it at
 * (as its tile's 'From $x'). Times are UTC, `YYYY-MM-DD HH:MM:SS` as Magento writes them.
 */
export const magentoProductSchema = z
  .object({
    id: z.number(),
    sku: z.string(),
    name: z.string(),
    price: z.number(),
    status: z.number(),
    visibility: z.number(),
    type_id: z.enum(['simple', 'configurable']),
    created_at: z.string(),
    updated_at: z.string(),
    extension_attributes: z.object({
      website_ids: z.array(z.number()),
      category_links: z.array(z.object({ position: z.number(), category_id: z.string() })),
      stock_item: z.object({ qty: z.number(), is_in_stock: z.boolean() }),
    }),
    custom_attributes: z.array(customAttributeSchema),
  })
  .meta({ id: 'MagentoProduct' });
export type MagentoProduct = z.infer<typeof magentoProductSchema>;

/** [I33] GET /V1/products: Magento's ProductSearchResults. */
export const magentoProductsReplySchema = z.object({
  items: z.array(magentoProductSchema),
  search_criteria: searchCriteriaSchema,
  total_count: z.number(),
});
export type MagentoProductsReply = z.infer<typeof magentoProductsReplySchema>;
