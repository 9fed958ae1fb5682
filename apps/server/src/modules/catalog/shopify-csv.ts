import {
  at,
  CategoryTree,
  type CsvRow,
  codeOf,
  firstPictureOf,
  Locations,
  notePicture,
  Problems,
  type ReadCatalogue,
  readCsv,
  readDollars,
  readStock,
  requireColumns,
  validateBuilt,
} from './csv-catalogue.ts';
import type { CatalogueFileInput } from './import-format.ts';

// A Shopify product CSV export (docs/catalogue-import.md "Shopify product CSV"). Rows sharing a Handle
// are one product: its first row carries the product (Title, Body (HTML), Vendor, Type, Tags, option
// names, Status) and its first variant; the rows after it carry more variants and more pictures, as
// Shopify writes them. Vendor → seller, Type (or a --category mapping of Type and Tags) → category,
// options named Color/Colour and Size → colour and size; a single 'Default Title' variant is a simple
// product. Every problem is reported at its row and column, all at once.

export const SHOPIFY_REQUIRED = [
  'Handle',
  'Title',
  'Vendor',
  'Variant SKU',
  'Variant Price',
  'Variant Inventory Qty',
  'Image Src',
] as const;

export interface ShopifyOptions {
  /** Category paths by Type or Tag value ('Hoodies' → ['Clothing', 'Men', 'Hoodies']). */
  categories?: Map<string, string[]>;
  /** Every product's seller, instead of its Vendor. */
  seller?: string;
}

/** Products with more pictures than this keep the first ones (main first). */
const MAX_PICTURES = 4;

type FileProduct = NonNullable<CatalogueFileInput['products']>[number];
type FileSeller = NonNullable<CatalogueFileInput['sellers']>[number];
type OptionKind = 'color' | 'size';

interface Variant {
  row: CsvRow;
  values: string[];
}

/** 'Color' and 'Colour' are a colour, 'Size' a size; Shopify's 'Title' marks a product without options. */
function optionKind(name: string): OptionKind | 'title' | undefined {
  const key = name.trim().toLowerCase();
  if (key === 'color' || key === 'colour') return 'color';
  if (key === 'size') return 'size';
  if (key === 'title') return 'title';
  return undefined;
}

export function parseShopifyCsv(text: string, options: ShopifyOptions = {}): ReadCatalogue {
  const table = readCsv(text);
  const problems = new Problems();
  requireColumns(table, SHOPIFY_REQUIRED, problems);
  problems.throwIfAny();

  // Rows by handle, in the order handles first appear.
  const groups = new Map<string, CsvRow[]>();
  for (const row of table.rows) {
    const handle = row.cell('Handle');
    if (!handle) {
      problems.add(at(row.row, 'Handle'), 'every row names its product by Handle');
      continue;
    }
    const rows = groups.get(handle) ?? [];
    rows.push(row);
    groups.set(handle, rows);
  }

  const locations = new Locations();
  const pictures = new Map<string, string>();
  const tree = new CategoryTree();
  const sellers = new Map<string, FileSeller>();
  const products: FileProduct[] = [];
  const negative: string[] = [];
  const trimmed: string[] = [];

  for (const [handle, rows] of groups) {
    const first = rows[0]!;
    const index = products.length;
    const path = `products[${index}]`;
    if (!first.cell('Title')) {
      problems.add(at(first.row, 'Title'), `the first row of "${handle}" needs the product's Title`);
      continue;
    }

    // Options: up to three, named on the product's first row.
    const kinds: (OptionKind | 'title' | undefined)[] = [];
    for (const n of [1, 2, 3]) {
      const name = first.cell(`Option${n} Name`);
      if (!name) {
        kinds.push(undefined);
        continue;
      }
      const kind = optionKind(name);
      if (!kind) {
        problems.add(
          at(first.row, `Option${n} Name`),
          `option "${name}" cannot be imported: only Color (or Colour) and Size are, as colour and size`,
        );
      }
      kinds.push(kind);
    }

    // A variant row has a SKU, a price or an option value; a row with only Image Src adds a picture.
    const variants: Variant[] = rows
      .filter(
        (row) =>
          row.cell('Variant SKU') ||
          row.cell('Variant Price') ||
          [1, 2, 3].some((n) => row.cell(`Option${n} Value`)),
      )
      .map((row) => ({ row, values: [1, 2, 3].map((n) => row.cell(`Option${n} Value`)) }));
    if (variants.length === 0) {
      problems.add(
        at(first.row, 'Variant SKU'),
        `"${handle}" has no variant row (Variant SKU, Variant Price)`,
      );
      continue;
    }

    // Pictures: Image Src of every row, by Image Position when given, each once.
    const images = rows
      .filter((row) => row.cell('Image Src'))
      .map((row, order) => ({
        row,
        src: row.cell('Image Src'),
        position: Number(row.cell('Image Position')) || order + 1e6,
      }))
      .sort((a, b) => a.position - b.position);
    const seen = new Set<string>();
    const kept = images.filter((image) => !seen.has(image.src) && seen.add(image.src));
    if (kept.length === 0) {
      problems.add(
        at(first.row, 'Image Src'),
        `"${handle}" has no picture: at least one Image Src is needed`,
      );
    }
    if (kept.length > MAX_PICTURES) trimmed.push(handle);
    const productImages = kept.slice(0, MAX_PICTURES);
    productImages.forEach((image, position) => {
      notePicture(pictures, image.src, at(image.row.row, 'Image Src'));
      locations.set(`${path}.images[${position}]`, at(image.row.row, 'Image Src'));
    });

    // Seller: the Vendor (or --seller), one seller per distinct name.
    const vendor = options.seller ?? first.cell('Vendor');
    if (!vendor) problems.add(at(first.row, 'Vendor'), 'a Vendor (the seller) is required, or give --seller');
    const sellerUrl = codeOf(vendor);
    if (vendor && !sellers.has(sellerUrl)) {
      sellers.set(sellerUrl, {
        seller_url: sellerUrl,
        name: vendor.slice(0, 120),
        logo_url: '',
        banner_url: '',
      });
      locations.set(`sellers[${sellers.size - 1}]`, at(first.row, 'Vendor'));
    }
    locations.set(`${path}.seller`, at(first.row, 'Vendor'));

    // Categories: --category mappings of Type and Tags, else the Type as a top-level category.
    const type = first.cell('Type');
    const tags = first
      .cell('Tags')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const mapped = [type, ...tags].flatMap((value) => {
      const target = value ? options.categories?.get(value) : undefined;
      return target ? [target] : [];
    });
    const paths = mapped.length > 0 ? mapped : type ? [type.split(/\s*>\s*/)] : [];
    const categories = [
      ...new Set(paths.map((segments) => tree.add(segments)).filter((code) => code !== undefined)),
    ];
    locations.set(`${path}.categories`, at(first.row, mapped.length > 0 ? 'Tags' : 'Type'));

    const status = first.cell('Status').toLowerCase();
    if (status && !['active', 'draft', 'archived'].includes(status)) {
      problems.add(at(first.row, 'Status'), `"${first.cell('Status')}" is not active, draft or archived`);
    }
    const base = {
      name: first.cell('Title'),
      seller: sellerUrl,
      description: first.cell('Body (HTML)'),
      categories,
      images: productImages.map((image) => image.src),
      // Draft and archived products are not for sale: imported disabled.
      enabled: status === '' || status === 'active',
    };
    locations.set(`${path}.name`, at(first.row, 'Title'));
    locations.set(`${path}.description`, at(first.row, 'Body (HTML)'));
    locations.set(`${path}.enabled`, at(first.row, 'Status'));
    locations.set(path, at(first.row));

    const read = variants.map((variant) => {
      const where = (column: string) => at(variant.row.row, column);
      const sku = variant.row.cell('Variant SKU');
      if (!sku) problems.add(where('Variant SKU'), 'every variant needs a Variant SKU');
      const price = readDollars(variant.row.cell('Variant Price'), where('Variant Price'), problems);
      let qty = readStock(
        variant.row.cell('Variant Inventory Qty'),
        where('Variant Inventory Qty'),
        problems,
      );
      if (qty !== undefined && qty < 0) {
        negative.push(sku || handle);
        qty = 0;
      }
      const option = (kind: OptionKind) => {
        const position = kinds.indexOf(kind);
        return position === -1 ? undefined : variant.values[position] || undefined;
      };
      const image = variant.row.cell('Variant Image') || undefined;
      if (image) notePicture(pictures, image, where('Variant Image'));
      return {
        variant,
        sku,
        price: price ?? 0,
        qty: qty ?? 0,
        color: option('color'),
        size: option('size'),
        image,
      };
    });

    // One variant and no colour or size (Shopify's 'Title' / 'Default Title'): a simple product.
    if (read.length === 1 && !kinds.some((kind) => kind === 'color' || kind === 'size')) {
      const only = read[0]!;
      products.push({ type: 'simple', sku: only.sku || handle, price: only.price, qty: only.qty, ...base });
      locations.set(`${path}.sku`, at(only.variant.row.row, 'Variant SKU'));
      locations.set(`${path}.price`, at(only.variant.row.row, 'Variant Price'));
      locations.set(`${path}.qty`, at(only.variant.row.row, 'Variant Inventory Qty'));
      continue;
    }
    const refusedOption = [1, 2, 3].some((n) => first.cell(`Option${n} Name`) && !kinds[n - 1]);
    if (!kinds.some((kind) => kind === 'color' || kind === 'size')) {
      // A refused option name is the problem already reported; saying it again differently would not help.
      if (refusedOption) continue;
      problems.add(
        at(first.row, 'Option1 Name'),
        `"${handle}" has ${read.length} variants but no Color or Size option to tell them apart`,
      );
      continue;
    }
    products.push({
      type: 'configurable',
      sku: handle,
      price: Math.min(...read.map((variant) => variant.price)),
      ...base,
      variants: read.map((variant) => ({
        sku: variant.sku,
        ...(variant.color ? { color: variant.color } : {}),
        ...(variant.size ? { size: variant.size } : {}),
        price: variant.price,
        qty: variant.qty,
        ...(variant.image ? { image: variant.image } : {}),
      })),
    });
    locations.set(`${path}.sku`, at(first.row, 'Handle'));
    read.forEach((variant, position) => {
      const row = variant.variant.row.row;
      const vpath = `${path}.variants[${position}]`;
      locations.set(vpath, at(row));
      locations.set(`${vpath}.sku`, at(row, 'Variant SKU'));
      locations.set(`${vpath}.price`, at(row, 'Variant Price'));
      locations.set(`${vpath}.qty`, at(row, 'Variant Inventory Qty'));
      locations.set(`${vpath}.image`, at(row, 'Variant Image'));
      locations.set(`${vpath}.color`, at(row, `Option${kinds.indexOf('color') + 1} Value`));
      locations.set(`${vpath}.size`, at(row, `Option${kinds.indexOf('size') + 1} Value`));
    });
  }
  problems.throwIfAny();

  for (const seller of sellers.values()) {
    seller.logo_url = firstPictureOf(products, seller.seller_url);
    seller.banner_url = seller.logo_url;
  }
  const file = validateBuilt(
    { sellers: [...sellers.values()], categories: tree.categories, products },
    locations,
  );
  const warnings = [...tree.warnings()];
  if (trimmed.length > 0) {
    warnings.push(
      `${trimmed.length} product${trimmed.length === 1 ? ' has' : 's have'} more than ${MAX_PICTURES} pictures; the first ${MAX_PICTURES} were kept: ${trimmed.join(', ')}`,
    );
  }
  if (negative.length > 0) {
    warnings.push(
      `${negative.length} variant${negative.length === 1 ? ' has' : 's have'} a negative stock, imported as 0 (sold out): ${negative.join(', ')}`,
    );
  }
  return { file, pictureLocations: pictures, warnings, locate: locations.locate };
}
