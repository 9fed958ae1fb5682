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
import { sortSizes } from './size-order.ts';

// A Magento 2 catalog_product export (System > Data Transfer > Export, docs/catalogue-import.md
// "Magento product CSV"). One row per product; a configurable product names its simple children in
// configurable_variations (`sku=MH01-XS-Black,size=XS,color=Black|…`), and each child has its own row
// with its price, stock and picture. Categories are paths under the store's root category
// ('Default Category/Men/Tops/Jackets'): the root is dropped, deeper paths fold into the third level.
// The export names no seller: the operator gives one (--seller). Rows of a store view (store_view_code
// set) only translate the default row and are skipped; product types other than simple and
// configurable are skipped with a warning.

export const MAGENTO_REQUIRED = [
  'sku',
  'product_type',
  'categories',
  'name',
  'price',
  'qty',
  'base_image',
  'configurable_variations',
] as const;

export interface MagentoOptions {
  /** The seller of every product (the export names none). */
  seller?: string;
}

const MAX_PICTURES = 4;

type FileProduct = NonNullable<CatalogueFileInput['products']>[number];

interface Child {
  sku: string;
  color?: string;
  size?: string;
  where: string;
}

/** The attribute a variation attribute code (or its label) stands for. */
function variationKind(code: string, label: string | undefined): 'color' | 'size' | undefined {
  for (const name of [code, label ?? '']) {
    const key = name.trim().toLowerCase();
    if (key === 'color' || key === 'colour') return 'color';
    if (key === 'size') return 'size';
  }
  return undefined;
}

/** '/m/h/mh01-gray_main_1.jpg' → 'm/h/mh01-gray_main_1.jpg': read next to the file (or a URL as it is). */
const pictureOf = (value: string) =>
  /^https?:\/\//i.test(value) || value.startsWith('data:') ? value : value.replace(/^\/+/, '');

export function parseMagentoCsv(text: string, options: MagentoOptions = {}): ReadCatalogue {
  const table = readCsv(text);
  const problems = new Problems();
  requireColumns(table, MAGENTO_REQUIRED, problems);
  if (!options.seller?.trim()) {
    problems.add('(file)', 'a Magento export names no seller: give one with --seller "Shop name"');
  }
  problems.throwIfAny();
  const sellerName = options.seller!.trim();
  const sellerUrl = codeOf(sellerName);
  const locations = new Locations();
  locations.set('sellers[0]', '--seller');

  const storeViewRows = table.rows.filter((row) => row.cell('store_view_code'));
  const rows = table.rows.filter((row) => !row.cell('store_view_code'));
  const bySku = new Map<string, CsvRow>();
  for (const row of rows) {
    const sku = row.cell('sku');
    if (!sku) {
      problems.add(at(row.row, 'sku'), 'every row needs a sku');
      continue;
    }
    const earlier = bySku.get(sku);
    if (earlier) problems.add(at(row.row, 'sku'), `sku "${sku}" is also on row ${earlier.row}`);
    else bySku.set(sku, row);
  }

  // Children first: a simple product named by a configurable's variations is a variant, not a product.
  const childrenOf = new Map<string, Child[]>();
  const parentOfChild = new Map<string, string>();
  for (const row of rows) {
    if (row.cell('product_type') !== 'configurable') continue;
    const where = at(row.row, 'configurable_variations');
    const labels = new Map(
      row
        .cell('configurable_variation_labels')
        .split(',')
        .map((pair) => pair.split('=').map((part) => part.trim()) as [string, string])
        .filter(([code]) => code),
    );
    const children: Child[] = [];
    for (const entry of row
      .cell('configurable_variations')
      .split('|')
      .filter((part) => part.trim())) {
      const child: Child = { sku: '', where };
      for (const pair of entry.split(',')) {
        const split = pair.indexOf('=');
        const code = pair.slice(0, split).trim();
        const value = pair.slice(split + 1).trim();
        if (split === -1 || !code) {
          problems.add(where, `"${entry}" is not sku=…,attribute=value pairs`);
          continue;
        }
        if (code === 'sku') {
          child.sku = value;
          continue;
        }
        const kind = variationKind(code, labels.get(code));
        if (!kind) {
          problems.add(
            where,
            `variation attribute "${code}" cannot be imported: only color (Colour) and size are, as colour and size`,
          );
          continue;
        }
        child[kind] = value;
      }
      if (!child.sku) {
        problems.add(where, `"${entry}" names no sku`);
        continue;
      }
      const target = bySku.get(child.sku);
      if (!target) problems.add(where, `child sku "${child.sku}" has no row in the file`);
      else if (target.cell('product_type') !== 'simple') {
        problems.add(
          where,
          `child sku "${child.sku}" is a ${target.cell('product_type')} product, not a simple one`,
        );
      }
      const parent = parentOfChild.get(child.sku);
      if (parent && parent !== row.cell('sku')) {
        problems.add(where, `child sku "${child.sku}" is already a variant of "${parent}"`);
      }
      parentOfChild.set(child.sku, row.cell('sku'));
      children.push(child);
    }
    if (children.length === 0 && row.cell('sku')) {
      problems.add(where, `configurable product "${row.cell('sku')}" names no variations`);
    }
    childrenOf.set(row.cell('sku'), children);
  }

  const pictures = new Map<string, string>();
  const tree = new CategoryTree();
  const products: FileProduct[] = [];
  const skipped: string[] = [];
  const trimmed: string[] = [];
  const negative: string[] = [];

  const imagesOf = (row: CsvRow, path: string) => {
    const list = [row.cell('base_image'), ...row.cell('additional_images').split(',')]
      .map((value) => value.trim())
      .filter(Boolean);
    const unique = [...new Set(list)].map(pictureOf);
    if (unique.length > MAX_PICTURES) trimmed.push(row.cell('sku'));
    const kept = unique.slice(0, MAX_PICTURES);
    kept.forEach((picture, position) => {
      const column = position === 0 && row.cell('base_image') ? 'base_image' : 'additional_images';
      notePicture(pictures, picture, at(row.row, column));
      locations.set(`${path}.images[${position}]`, at(row.row, column));
    });
    if (kept.length === 0) locations.set(`${path}.images`, at(row.row, 'base_image'));
    return kept;
  };

  for (const row of rows) {
    const sku = row.cell('sku');
    const type = row.cell('product_type');
    if (!sku || parentOfChild.has(sku)) continue;
    if (type !== 'simple' && type !== 'configurable') {
      skipped.push(`${sku} (${type || 'no product_type'})`);
      continue;
    }
    const path = `products[${products.length}]`;
    const where = (column: string) => at(row.row, column);
    locations.set(path, at(row.row));
    locations.set(`${path}.sku`, where('sku'));
    locations.set(`${path}.name`, where('name'));
    locations.set(`${path}.description`, where('description'));
    locations.set(`${path}.short_desc`, where('short_description'));
    locations.set(`${path}.price`, where('price'));
    locations.set(`${path}.qty`, where('qty'));
    locations.set(`${path}.seller`, '--seller');
    locations.set(`${path}.categories`, where('categories'));
    locations.set(`${path}.enabled`, where('product_online'));

    // The first segment of every path is the store's root category ('Default Category'): not shown.
    const categories = [
      ...new Set(
        row
          .cell('categories')
          .split(',')
          .map((path) => tree.add(path.split('/').slice(1)))
          .filter((code) => code !== undefined),
      ),
    ];
    const online = row.cell('product_online');
    const base = {
      sku,
      name: row.cell('name'),
      seller: sellerUrl,
      short_desc: row.cell('short_description'),
      description: row.cell('description'),
      categories,
      images: imagesOf(row, path),
      enabled: online === '' || online === '1',
    };

    if (type === 'simple') {
      const price = readDollars(row.cell('price'), where('price'), problems);
      let qty = readStock(row.cell('qty'), where('qty'), problems);
      if (qty !== undefined && qty < 0) {
        negative.push(sku);
        qty = 0;
      }
      products.push({ type: 'simple', ...base, price: price ?? 0, qty: qty ?? 0 });
      continue;
    }

    const children = childrenOf.get(sku) ?? [];
    const variants = children.flatMap((child, position) => {
      const childRow = bySku.get(child.sku);
      if (!childRow) return [];
      const cell = (column: string) => at(childRow.row, column);
      const vpath = `${path}.variants[${position}]`;
      locations.set(vpath, child.where);
      locations.set(`${vpath}.sku`, child.where);
      locations.set(`${vpath}.color`, child.where);
      locations.set(`${vpath}.size`, child.where);
      locations.set(`${vpath}.price`, cell('price'));
      locations.set(`${vpath}.qty`, cell('qty'));
      locations.set(`${vpath}.image`, cell('base_image'));
      const price = readDollars(childRow.cell('price'), cell('price'), problems);
      let qty = readStock(childRow.cell('qty'), cell('qty'), problems);
      if (qty !== undefined && qty < 0) {
        negative.push(child.sku);
        qty = 0;
      }
      const image = childRow.cell('base_image') ? pictureOf(childRow.cell('base_image')) : undefined;
      if (image) notePicture(pictures, image, cell('base_image'));
      return [
        {
          sku: child.sku,
          ...(child.color ? { color: child.color } : {}),
          ...(child.size ? { size: child.size } : {}),
          price: price ?? 0,
          qty: qty ?? 0,
          ...(image ? { image } : {}),
        },
      ];
    });
    // A configurable product's own price means nothing in Magento (empty or 0 in exports): the shop
    // sells its children, so the product's default price is its cheapest variant's.
    const price = Math.min(...variants.map((variant) => variant.price));
    // [DATA-24] configurable_variations list children in no meaningful order, so sizes take the shared
    // size order; colours keep the order the variations first name them.
    const sizes = sortSizes([
      ...new Set(variants.flatMap((variant) => (variant.size ? [variant.size] : []))),
    ]);
    products.push({
      type: 'configurable',
      ...base,
      price: Number.isFinite(price) ? price : 0,
      ...(sizes.length > 0 ? { options: { size: sizes.map((title) => ({ title })) } } : {}),
      variants,
    });
  }
  problems.throwIfAny();

  const file = validateBuilt(
    {
      // A new seller shows its first product's main picture until a JSON import gives it a logo.
      sellers:
        products.length > 0
          ? [
              {
                seller_url: sellerUrl,
                name: sellerName.slice(0, 120),
                logo_url: firstPictureOf(products, sellerUrl),
                banner_url: firstPictureOf(products, sellerUrl),
              },
            ]
          : [],
      categories: tree.categories,
      products,
    },
    locations,
  );
  const warnings = [...tree.warnings()];
  if (storeViewRows.length > 0) {
    warnings.push(
      `${storeViewRows.length} store-view row${storeViewRows.length === 1 ? '' : 's'} (store_view_code set) skipped: the default values were imported`,
    );
  }
  if (skipped.length > 0) {
    warnings.push(
      `${skipped.length} product${skipped.length === 1 ? '' : 's'} of a type other than simple or configurable skipped: ${skipped.join(', ')}`,
    );
  }
  if (trimmed.length > 0) {
    warnings.push(
      `${trimmed.length} product${trimmed.length === 1 ? ' has' : 's have'} more than ${MAX_PICTURES} pictures; the first ${MAX_PICTURES} were kept: ${trimmed.join(', ')}`,
    );
  }
  if (negative.length > 0) {
    warnings.push(
      `${negative.length} product${negative.length === 1 ? ' has' : 's have'} a negative stock, imported as 0 (sold out): ${negative.join(', ')}`,
    );
  }
  return { file, pictureLocations: pictures, warnings, locate: locations.locate };
}
