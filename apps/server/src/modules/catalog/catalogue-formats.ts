import { CatalogueImportError, formatPath, parseCatalogueFile } from './catalog-importer.ts';
import type { ReadCatalogue } from './csv-catalogue.ts';
import type { CatalogueFile } from './import-format.ts';
import { MAGENTO_REQUIRED, parseMagentoCsv } from './magento-csv.ts';
import { parseShopifyCsv } from './shopify-csv.ts';

// The three catalogue formats the import reads (docs/catalogue-import.md): our JSON, a Shopify product
// CSV export and a Magento 2 catalog_product export. Each is read into one ReadCatalogue (the catalogue,
// its picture references with where they first appear, warnings); nothing here touches the database.

export const CATALOGUE_FORMATS = ['json', 'shopify', 'magento'] as const;
export type CatalogueFormat = (typeof CATALOGUE_FORMATS)[number];

export interface ReadOptions {
  /** Shopify: category paths by Type or Tag value. */
  categories?: Map<string, string[]>;
  /** Magento: the seller of every product (required); Shopify: instead of each Vendor. */
  seller?: string;
}

/** The format of a file by its extension, and for a CSV by its header (Shopify and Magento differ). */
export function detectFormat(name: string, text: string): CatalogueFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (!lower.endsWith('.csv')) return undefined;
  const header = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '')
    .split(',')
    .map((cell) => cell.trim().replace(/^"|"$/g, ''));
  if (header.includes('Handle') && header.includes('Variant SKU')) return 'shopify';
  if (['sku', 'product_type'].every((column) => header.includes(column))) return 'magento';
  return undefined;
}

export const FORMAT_HINT =
  'a .json catalogue, a Shopify product CSV export (Handle, Title, Variant SKU, …) or a Magento ' +
  `catalog_product export (${MAGENTO_REQUIRED.slice(0, 3).join(', ')}, …); or give --format json|shopify|magento`;

/** Every distinct picture of a JSON catalogue, with the path where it first appears. */
function jsonPictures(file: CatalogueFile): Map<string, string> {
  const pictures = new Map<string, string>();
  const note = (reference: string | null | undefined, path: (string | number)[]) => {
    if (reference && !pictures.has(reference)) pictures.set(reference, formatPath(path));
  };
  file.sellers.forEach((seller, index) => {
    note(seller.logo_url, ['sellers', index, 'logo_url']);
    note(seller.banner_url, ['sellers', index, 'banner_url']);
  });
  file.products.forEach((product, index) => {
    for (const [position, image] of product.images.entries())
      note(image, ['products', index, 'images', position]);
    note(product.tabs.sizing_chart_url, ['products', index, 'tabs', 'sizing_chart_url']);
    if (product.type !== 'simple') {
      for (const [position, variant] of product.variants.entries()) {
        note(variant.image, ['products', index, 'variants', position, 'image']);
      }
    }
    if (product.type === 'giftcard') {
      for (const [position, template] of product.mms_templates.entries()) {
        note(template.image_url, ['products', index, 'mms_templates', position, 'image_url']);
      }
    }
  });
  return pictures;
}

export function parseJsonCatalogue(text: string): ReadCatalogue {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new CatalogueImportError([
      `(file): not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  const file = parseCatalogueFile(input);
  return { file, pictureLocations: jsonPictures(file), warnings: [] };
}

/** Reads a catalogue of the given format; throws CatalogueImportError with every problem found. */
export function readCatalogue(
  format: CatalogueFormat,
  text: string,
  options: ReadOptions = {},
): ReadCatalogue {
  if (format === 'json') return parseJsonCatalogue(text);
  if (format === 'shopify') return parseShopifyCsv(text, options);
  return parseMagentoCsv(text, options);
}
