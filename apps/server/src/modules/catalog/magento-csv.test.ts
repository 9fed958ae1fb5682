import { describe, expect, it } from 'vitest';
import { CatalogueImportError } from './catalog-importer.ts';
import { parseMagentoCsv } from './magento-csv.ts';
import { sortSizes } from './size-order.ts';

// The Magento 2 catalog_product export reader: good exports and every refused case with its row and
// column (the header is row 1).

const HEADER = [
  'sku',
  'store_view_code',
  'attribute_set_code',
  'product_type',
  'categories',
  'name',
  'description',
  'short_description',
  'product_online',
  'price',
  'qty',
  'base_image',
  'additional_images',
  'configurable_variations',
  'configurable_variation_labels',
] as const;
type Row = Partial<Record<(typeof HEADER)[number], string>>;

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
export function magentoCsv(rows: Row[], header: readonly string[] = HEADER): string {
  return [
    header.join(','),
    ...rows.map((row) => header.map((c) => quote(row[c as keyof Row] ?? '')).join(',')),
  ]
    .join('\n')
    .concat('\n');
}

const child = (sku: string, price = '30.0000', qty = '5.0000'): Row => ({
  sku,
  attribute_set_code: 'Top',
  product_type: 'simple',
  name: sku,
  price,
  qty,
  base_image: `/${sku.toLowerCase()}.jpg`,
});
const variation = (sku: string, size: string, color: string) => `sku=${sku},size=${size},color=${color}`;
const parent = (overrides: Row = {}): Row => ({
  sku: 'MH01',
  attribute_set_code: 'Top',
  product_type: 'configurable',
  categories: 'Default Category/Men/Tops/Hoodies & Sweatshirts,Default Category/Collections/Eco Friendly',
  name: 'Chaz Kangeroo Hoodie',
  description: '<p>Ideal for cold-weather training,\nor work outdoors.</p>',
  short_description: 'Warm fleece hoodie',
  product_online: '1',
  price: '',
  qty: '0.0000',
  base_image: '/m/h/mh01-gray_main_1.jpg',
  additional_images:
    '/m/h/mh01-gray_main_1.jpg,/m/h/mh01-gray_alt1_1.jpg,https://cdn.example.com/mh01-back.jpg',
  configurable_variations: [
    variation('MH01-XL-Gray', 'XL', 'Gray'),
    variation('MH01-XS-Gray', 'XS', 'Gray'),
    variation('MH01-M-Orange', 'M', 'Orange'),
    variation('MH01-2XL-Gray', '2XL', 'Gray'),
  ].join('|'),
  configurable_variation_labels: 'color=Color,size=Size',
  ...overrides,
});
const children = [
  child('MH01-XL-Gray', '52.0000'),
  child('MH01-XS-Gray', '48.0000', '0.0000'),
  child('MH01-M-Orange'),
  child('MH01-2XL-Gray'),
];
const bag: Row = {
  sku: '24-MB01',
  attribute_set_code: 'Bag',
  product_type: 'simple',
  categories: 'Default Category/Gear/Bags',
  name: 'Joust Duffle Bag',
  product_online: '1',
  price: '34.0000',
  qty: '100.0000',
  base_image: '/m/b/mb01-blue-0.jpg',
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogueImportError) return error.problems;
    throw error;
  }
  throw new Error('no problem was reported');
}

describe('parseMagentoCsv: good exports', () => {
  it('[DATA-24] children named by configurable_variations become variants; sizes take the shared order', () => {
    const { file, warnings, pictureLocations } = parseMagentoCsv(magentoCsv([...children, parent(), bag]), {
      seller: 'Luma',
    });
    expect(warnings).toEqual([]);
    expect(file.sellers).toEqual([expect.objectContaining({ seller_url: 'luma', name: 'Luma' })]);
    // The root category ('Default Category') is the store's, not a menu entry.
    expect(file.categories.map((c) => [c.code, c.parent])).toEqual([
      ['men', null],
      ['men-tops', 'men'],
      ['men-tops-hoodies-and-sweatshirts', 'men-tops'],
      ['collections', null],
      ['collections-eco-friendly', 'collections'],
      ['gear', null],
      ['gear-bags', 'gear'],
    ]);
    expect(file.products).toHaveLength(2);
    const [hoodie, duffle] = file.products;
    expect(hoodie).toMatchObject({
      type: 'configurable',
      sku: 'MH01',
      name: 'Chaz Kangeroo Hoodie',
      short_desc: 'Warm fleece hoodie',
      price: 30,
      categories: ['men-tops-hoodies-and-sweatshirts', 'collections-eco-friendly'],
      // Image paths are read next to the file; the base image is not repeated.
      images: [
        'm/h/mh01-gray_main_1.jpg',
        'm/h/mh01-gray_alt1_1.jpg',
        'https://cdn.example.com/mh01-back.jpg',
      ],
      options: { size: [{ title: 'XS' }, { title: 'M' }, { title: 'XL' }, { title: '2XL' }] },
    });
    expect(hoodie?.type === 'configurable' && hoodie.variants).toEqual([
      { sku: 'MH01-XL-Gray', size: 'XL', color: 'Gray', price: 52, qty: 5, image: 'mh01-xl-gray.jpg' },
      { sku: 'MH01-XS-Gray', size: 'XS', color: 'Gray', price: 48, qty: 0, image: 'mh01-xs-gray.jpg' },
      { sku: 'MH01-M-Orange', size: 'M', color: 'Orange', price: 30, qty: 5, image: 'mh01-m-orange.jpg' },
      { sku: 'MH01-2XL-Gray', size: '2XL', color: 'Gray', price: 30, qty: 5, image: 'mh01-2xl-gray.jpg' },
    ]);
    expect(duffle).toMatchObject({
      type: 'simple',
      sku: '24-MB01',
      price: 34,
      qty: 100,
      categories: ['gear-bags'],
    });
    expect(pictureLocations.get('m/h/mh01-gray_alt1_1.jpg')).toBe('row 6, column additional_images');
    expect(pictureLocations.get('mh01-xs-gray.jpg')).toBe('row 3, column base_image');
  });

  it('skips store-view rows and product types it cannot sell, folds deep categories, each with a warning', () => {
    const rows: Row[] = [
      { ...bag, categories: 'Default Category/Gear/Bags/Duffles/Large' },
      { ...bag, store_view_code: 'fr', name: 'Sac Joust' },
      { ...bag, sku: '24-WG080', product_type: 'bundle', name: 'Sprite Yoga Companion Kit' },
      { ...bag, sku: 'MB-OFFLINE', product_online: '2', categories: '' },
    ];
    const { file, warnings } = parseMagentoCsv(magentoCsv(rows), { seller: 'Luma' });
    expect(file.products.map((p) => [p.sku, p.name, p.categories, p.enabled])).toEqual([
      ['24-MB01', 'Joust Duffle Bag', ['gear-bags-duffles'], true],
      ['MB-OFFLINE', 'Joust Duffle Bag', [], false],
    ]);
    expect(warnings).toEqual([
      expect.stringContaining('Gear / Bags / Duffles / Large → Gear / Bags / Duffles'),
      '1 store-view row (store_view_code set) skipped: the default values were imported',
      '1 product of a type other than simple or configurable skipped: 24-WG080 (bundle)',
    ]);
  });

  it('reads a variation attribute by its label when its code is the shop’s own (Colour → colour)', () => {
    const rows = [
      child('T-RED'),
      parent({
        sku: 'T',
        configurable_variations: 'sku=T-RED,shade=Red',
        configurable_variation_labels: 'shade=Colour',
      }),
    ];
    const { file } = parseMagentoCsv(magentoCsv(rows), { seller: 'Luma' });
    expect(file.products[0]?.type === 'configurable' && file.products[0].variants[0]).toMatchObject({
      sku: 'T-RED',
      color: 'Red',
    });
  });
});

describe('parseMagentoCsv: refused, every problem with its row and column', () => {
  it('needs a seller and the export columns', () => {
    expect(problemsOf(() => parseMagentoCsv('sku,product_type,name\nA,simple,A\n'))).toEqual([
      'row 1: missing columns "categories", "price", "qty", "base_image", "configurable_variations"',
      '(file): a Magento export names no seller: give one with --seller "Shop name"',
    ]);
  });

  it('reports all the bad cells of a file at once', () => {
    const rows: Row[] = [
      child('MH01-XL-Gray', '52.123'),
      child('MH01-XS-Gray', '48', '1.5'),
      child('MH01-M-Orange'),
      { ...child('MH01-2XL-Gray'), product_type: 'virtual' },
      parent({
        configurable_variations: `${parent().configurable_variations}|sku=MH01-NOPE,size=S,color=Gray|sku=MH01-M-Orange,format=Zip,size=M`,
      }),
      parent({ sku: 'MH02', configurable_variations: 'sku=MH01-XL-Gray,size=XL,color=Gray' }),
      parent({ sku: 'MH03', configurable_variations: '' }),
      { ...bag, sku: '' },
      { ...bag, price: 'free' },
      bag,
    ];
    expect(problemsOf(() => parseMagentoCsv(magentoCsv(rows), { seller: 'Luma' }))).toEqual([
      'row 9, column sku: every row needs a sku',
      'row 11, column sku: sku "24-MB01" is also on row 10',
      'row 6, column configurable_variations: child sku "MH01-2XL-Gray" is a virtual product, not a simple one',
      'row 6, column configurable_variations: child sku "MH01-NOPE" has no row in the file',
      'row 6, column configurable_variations: variation attribute "format" cannot be imported: only color (Colour) and size are, as colour and size',
      'row 7, column configurable_variations: child sku "MH01-XL-Gray" is already a variant of "MH01"',
      'row 8, column configurable_variations: configurable product "MH03" names no variations',
      'row 2, column price: "52.123" is not a price in dollars with at most 2 decimals',
      'row 3, column qty: "1.5" is not a whole number of items in stock',
      'row 10, column price: "free" is not a price in dollars with at most 2 decimals',
    ]);
  });

  it('[I27-amounts] a price with a comma is refused at its cell, never read as 100 times the price', () => {
    const rows: Row[] = [
      { ...bag, price: '36,50' },
      { ...bag, sku: '24-MB02', price: '1,234.00' },
    ];
    expect(problemsOf(() => parseMagentoCsv(magentoCsv(rows), { seller: 'Luma' }))).toEqual([
      'row 2, column price: "36,50" is not a price: use a point before the cents and no commas (36.50, 1234.50)',
      'row 3, column price: "1,234.00" is not a price: use a point before the cents and no commas (36.50, 1234.50)',
    ]);
  });

  it('reports what the catalogue format refuses at its cell: no picture, a bad sku, a long short description', () => {
    const rows: Row[] = [
      { ...bag, base_image: '' },
      { ...bag, sku: 'MB 02', short_description: 'x'.repeat(501) },
    ];
    expect(problemsOf(() => parseMagentoCsv(magentoCsv(rows), { seller: 'Luma' }))).toEqual([
      'row 2, column base_image: Too small: expected array to have >=1 items',
      'row 3, column sku: letters, digits, ".", "_" and "-" only',
      'row 3, column short_description: Too big: expected string to have <=500 characters',
    ]);
  });
});

describe('the shared size order', () => {
  it('[DATA-24] letter sizes smallest first with their usual spellings, then numbers ascending, then the rest as given', () => {
    expect(
      sortSizes(['XL', 'One Size', '2XL', 'S', '32', 'Medium', '28', 'XS', '10.5', 'XXXL', 'L', 'Petite']),
    ).toEqual(['XS', 'S', 'Medium', 'L', 'XL', '2XL', 'XXXL', '10.5', '28', '32', 'One Size', 'Petite']);
  });
});
