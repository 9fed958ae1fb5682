import { z } from 'zod';
import { idParam } from './common.ts';

// [I32] Import in the back office (docs/sellers.md): POST /admin/api/catalogue-imports?format=&seller_id=
// with the catalogue file itself as the request body (a Shopify product CSV export, a Magento
// catalog_product export or our JSON catalogue; at most 20 MB), read and written by the same code as
// `npm run cli -- import` (docs/catalogue-import.md). The reply is a stream of JSON lines
// (application/x-ndjson), one request on one server process so nothing is shared between processes:
// `progress` lines as pictures are taken in and products written, then one `done` line with the report,
// or one `failed` line with every problem (nothing imported). A vendor imports into their own seller
// only; an operator names the seller.

export const CATALOGUE_IMPORT_FORMATS = ['shopify', 'magento', 'json'] as const;
export const catalogueImportFormatSchema = z.enum(CATALOGUE_IMPORT_FORMATS);
export type CatalogueImportFormat = z.infer<typeof catalogueImportFormatSchema>;

/** What the back office calls each format. */
export const CATALOGUE_IMPORT_FORMAT_LABELS: Record<CatalogueImportFormat, string> = {
  shopify: 'Shopify CSV',
  magento: 'Magento CSV',
  json: 'Quokka JSON',
};

/** The largest catalogue file accepted (the body of the request). */
export const CATALOGUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The reply's content type: one JSON object per line. */
export const CATALOGUE_IMPORT_CONTENT_TYPE = 'application/x-ndjson';

/** The file's format by its name, as the back office guesses it before the seller chooses. */
export function guessCatalogueImportFormat(name: string, firstLine = ''): CatalogueImportFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (!lower.endsWith('.csv')) return undefined;
  const header = firstLine
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((cell) => cell.trim().replace(/^"|"$/g, ''));
  if (header.includes('Handle') || header.includes('Variant SKU')) return 'shopify';
  if (header.includes('sku') && header.includes('product_type')) return 'magento';
  return undefined;
}

export const catalogueImportQuerySchema = z.object({
  /** Guessed from the file (a JSON object, or a CSV's header) when absent. */
  format: catalogueImportFormatSchema.optional(),
  /** Operators: the seller every product is imported as (required). Vendors: their own, or absent. */
  seller_id: idParam.optional(),
});
export type CatalogueImportQuery = z.infer<typeof catalogueImportQuerySchema>;

const counts = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });

/** One problem of the file: where (`row 12, column Vendor`, `products[3].sku`, `(file)`) and what. */
export const catalogueImportProblemSchema = z.object({ location: z.string(), message: z.string() });
export type CatalogueImportProblem = z.infer<typeof catalogueImportProblemSchema>;

/** The importer's report (the CLI's summary). */
export const catalogueImportReportSchema = z.object({
  format: catalogueImportFormatSchema,
  seller: z.object({ id: z.number(), name: z.string() }),
  products: counts,
  variants: counts.extend({ disabled: z.number() }),
  categories: counts,
  /** Distinct pictures the file names, and how many of them were new to the media store. */
  pictures: z.object({ named: z.number(), stored: z.number() }),
  /** PRODUCT_REVIEW=manual and a vendor's import: the new products wait for an operator's approval. */
  waiting_for_approval: z.number(),
  /**
   * PRODUCT_REVIEW=manual and a vendor's import: the approved products whose new name, description or
   * photos wait for an operator's approval (Products › Waiting for approval; the storefront keeps the
   * approved ones meanwhile). Their prices, stock and variants applied at once.
   */
  changes_waiting_for_approval: z.number(),
  /** What the seller should know that did not stop the import (categories folded, rows skipped). */
  warnings: z.array(z.string()),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;

/** Each line of the reply. `progress`: phase 'pictures' (taken into the media store) then 'products'. */
export const catalogueImportLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(['pictures', 'products']),
    done: z.number(),
    total: z.number(),
  }),
  z.object({ type: z.literal('done'), report: catalogueImportReportSchema }),
  z.object({
    type: z.literal('failed'),
    /** What went wrong, in a sentence ('The catalogue file has 2 problems; nothing was imported.'). */
    message: z.string(),
    problems: z.array(catalogueImportProblemSchema),
  }),
]);
export type CatalogueImportLine = z.infer<typeof catalogueImportLineSchema>;

/** `row 12, column Vendor: a Vendor is required` → its location and message (the CLI's problem lines). */
export function splitCatalogueProblem(problem: string): CatalogueImportProblem {
  const split = problem.indexOf(': ');
  return split === -1
    ? { location: '(file)', message: problem }
    : { location: problem.slice(0, split), message: problem.slice(split + 2) };
}
