import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../db/database.ts';
import { aSeller, aSimpleProduct } from '../../test/catalog-factory.ts';
import { CatalogueImportError, importCatalogue } from './catalog-importer.ts';
import { detectFormat } from './catalogue-formats.ts';
import { parseShopifyCsv } from './shopify-csv.ts';

// The Shopify product CSV reader: good exports (as Shopify writes them) and every refused case, each
// with the row and column an operator would open in a spreadsheet (the header is row 1).

const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Image Src',
  'Image Position',
  'Variant Image',
  'Status',
] as const;
type Row = Partial<Record<(typeof HEADER)[number], string>>;

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
export function shopifyCsv(rows: Row[], header: readonly string[] = HEADER): string {
  return [
    header.join(','),
    ...rows.map((row) => header.map((c) => quote(row[c as keyof Row] ?? '')).join(',')),
  ]
    .join('\r\n')
    .concat('\r\n');
}

/** A tee in two colours and two sizes, as Shopify exports it: product on the first row, variants below. */
const teeRows = (handle = 'tee', sku = 'TEE'): Row[] => [
  {
    Handle: handle,
    Title: 'Crest Tee',
    'Body (HTML)': '<p>Soft, heavy cotton.</p>\n<ul>\n  <li>"Organic", 220 gsm</li>\n</ul>',
    Vendor: 'Saltbush Surf Co.',
    Type: 'Tees',
    Tags: 'summer, cotton',
    'Option1 Name': 'Colour',
    'Option1 Value': 'Navy',
    'Option2 Name': 'Size',
    'Option2 Value': 'M',
    'Variant SKU': `${sku}-NAVY-M`,
    'Variant Inventory Qty': '3',
    'Variant Price': '45.00',
    'Image Src': 'pictures/tee-front.jpg',
    'Image Position': '1',
    'Variant Image': 'pictures/tee-navy.jpg',
    Status: 'active',
  },
  {
    Handle: handle,
    'Option1 Value': 'Navy',
    'Option2 Value': 'S',
    'Variant SKU': `${sku}-NAVY-S`,
    'Variant Inventory Qty': '0',
    'Variant Price': '40',
    'Image Src': 'pictures/tee-back.jpg',
    'Image Position': '2',
  },
  {
    Handle: handle,
    'Option1 Value': 'Sand',
    'Option2 Value': 'M',
    'Variant SKU': `${sku}-SAND-M`,
    'Variant Inventory Qty': '7',
    'Variant Price': '45',
    'Variant Image': 'https://cdn.example.com/tee-sand.jpg',
  },
  { Handle: handle, 'Image Src': 'data:image/png;base64,iVBORw0KGgo=', 'Image Position': '3' },
];

const honeyRow = (overrides: Row = {}): Row => ({
  Handle: 'honey',
  Title: 'Leatherwood Honey',
  Vendor: 'Leatherwood Honey Farm',
  Type: 'Pantry',
  'Option1 Name': 'Title',
  'Option1 Value': 'Default Title',
  'Variant SKU': 'HONEY-500',
  'Variant Inventory Qty': '40',
  'Variant Price': '18.50',
  'Image Src': 'pictures/honey.jpg',
  Status: 'active',
  ...overrides,
});

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogueImportError) return error.problems;
    throw error;
  }
  throw new Error('no problem was reported');
}

describe('parseShopifyCsv: good exports', () => {
  it('[DATA-24] rows sharing a Handle are one product; options, pictures and variants as Shopify writes them', () => {
    const { file, pictureLocations, warnings } = parseShopifyCsv(shopifyCsv([...teeRows(), honeyRow()]));
    expect(warnings).toEqual([]);
    expect(file.sellers).toEqual([
      expect.objectContaining({ seller_url: 'saltbush-surf-co', name: 'Saltbush Surf Co.' }),
      expect.objectContaining({ seller_url: 'leatherwood-honey-farm', name: 'Leatherwood Honey Farm' }),
    ]);
    expect(file.categories.map((c) => [c.code, c.name, c.parent])).toEqual([
      ['tees', 'Tees', null],
      ['pantry', 'Pantry', null],
    ]);
    const [tee, honey] = file.products;
    expect(tee).toMatchObject({
      type: 'configurable',
      sku: 'tee',
      name: 'Crest Tee',
      seller: 'saltbush-surf-co',
      price: 40,
      categories: ['tees'],
      enabled: true,
      images: ['pictures/tee-front.jpg', 'pictures/tee-back.jpg', 'data:image/png;base64,iVBORw0KGgo='],
    });
    expect(tee?.description).toBe('<p>Soft, heavy cotton.</p>\n<ul>\n  <li>"Organic", 220 gsm</li>\n</ul>');
    expect(tee?.type === 'configurable' && tee.variants).toEqual([
      { sku: 'TEE-NAVY-M', color: 'Navy', size: 'M', price: 45, qty: 3, image: 'pictures/tee-navy.jpg' },
      { sku: 'TEE-NAVY-S', color: 'Navy', size: 'S', price: 40, qty: 0 },
      {
        sku: 'TEE-SAND-M',
        color: 'Sand',
        size: 'M',
        price: 45,
        qty: 7,
        image: 'https://cdn.example.com/tee-sand.jpg',
      },
    ]);
    // 'Default Title' is Shopify's product without options: a simple product under its Variant SKU.
    expect(honey).toMatchObject({
      type: 'simple',
      sku: 'HONEY-500',
      price: 18.5,
      qty: 40,
      categories: ['pantry'],
    });
    expect(Object.fromEntries(pictureLocations)).toEqual({
      'pictures/tee-front.jpg': 'row 2, column Image Src',
      'pictures/tee-navy.jpg': 'row 2, column Variant Image',
      'pictures/tee-back.jpg': 'row 3, column Image Src',
      'https://cdn.example.com/tee-sand.jpg': 'row 4, column Variant Image',
      'data:image/png;base64,iVBORw0KGgo=': 'row 5, column Image Src',
      'pictures/honey.jpg': 'row 6, column Image Src',
    });
  });

  it('draft and archived products are imported disabled; Type paths, --category and --seller map as documented', () => {
    const rows = [
      honeyRow({ Status: 'draft' }),
      honeyRow({ Handle: 'old', 'Variant SKU': 'OLD', Status: 'archived', Type: 'A > B > C > D', Tags: '' }),
      honeyRow({ Handle: 'tagged', 'Variant SKU': 'TAGGED', Type: 'Mugs', Tags: 'gift, kitchen' }),
    ];
    const { file, warnings } = parseShopifyCsv(shopifyCsv(rows), {
      seller: 'Harbour Goods',
      categories: new Map([['kitchen', ['Home', 'Kitchen']]]),
    });
    expect(file.products.map((p) => [p.sku, p.enabled, p.seller, p.categories])).toEqual([
      ['HONEY-500', false, 'harbour-goods', ['pantry']],
      ['OLD', false, 'harbour-goods', ['a-b-c']],
      ['TAGGED', true, 'harbour-goods', ['home-kitchen']],
    ]);
    expect(warnings).toEqual([expect.stringContaining('A / B / C / D → A / B / C')]);
  });

  it('keeps the first four pictures by Image Position, and imports a negative stock as 0, each with a warning', () => {
    const rows: Row[] = [
      honeyRow({ 'Image Src': 'p5.jpg', 'Image Position': '5', 'Variant Inventory Qty': '-2' }),
      ...[3, 1, 4, 2].map((n) => ({
        Handle: 'honey',
        'Image Src': `p${n}.jpg`,
        'Image Position': String(n),
      })),
    ];
    const { file, warnings } = parseShopifyCsv(shopifyCsv(rows));
    expect(file.products[0]).toMatchObject({ images: ['p1.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg'], qty: 0 });
    expect(warnings).toEqual([
      '1 product has more than 4 pictures; the first 4 were kept: honey',
      '1 variant has a negative stock, imported as 0 (sold out): HONEY-500',
    ]);
  });

  it('a size-only product keeps its sizes in the order of its rows', () => {
    const rows: Row[] = ['L', 'S', 'M'].map((size, n) => ({
      Handle: 'cap',
      ...(n === 0 ? { Title: 'Cap', Vendor: 'Harbour', 'Option1 Name': 'Size', 'Image Src': 'cap.jpg' } : {}),
      'Option1 Value': size,
      'Variant SKU': `CAP-${size}`,
      'Variant Inventory Qty': '1',
      'Variant Price': '20',
    }));
    const { file } = parseShopifyCsv(shopifyCsv(rows));
    expect(file.products[0]?.type === 'configurable' && file.products[0].variants.map((v) => v.size)).toEqual(
      ['L', 'S', 'M'],
    );
  });

  it('detects Shopify by its header, Magento by its own, JSON by the extension', () => {
    expect(detectFormat('products_export.csv', shopifyCsv([]))).toBe('shopify');
    expect(detectFormat('x.csv', `\uFEFFsku,store_view_code,product_type,name\n`)).toBe('magento');
    expect(detectFormat('x.json', '{}')).toBe('json');
    expect(detectFormat('x.csv', 'a,b\n')).toBeUndefined();
    expect(detectFormat('x.xlsx', '')).toBeUndefined();
  });
});

describe('parseShopifyCsv: refused, every problem with its row and column', () => {
  it('names missing columns on row 1', () => {
    expect(problemsOf(() => parseShopifyCsv('Handle,Title,Vendor,Variant Price\nx,X,V,1\n'))).toEqual([
      'row 1: missing columns "Variant SKU", "Variant Inventory Qty", "Image Src"',
    ]);
  });

  it('refuses option names other than Color/Colour and Size', () => {
    const rows = teeRows();
    rows[0] = { ...rows[0], 'Option2 Name': 'Material' };
    expect(problemsOf(() => parseShopifyCsv(shopifyCsv(rows)))).toEqual([
      'row 2, column Option2 Name: option "Material" cannot be imported: only Color (or Colour) and Size are, as colour and size',
    ]);
  });

  it('reports all the bad cells of a file at once', () => {
    const rows = teeRows();
    rows[1] = { ...rows[1], 'Variant Price': '12.345', 'Variant Inventory Qty': 'lots' };
    rows[2] = { ...rows[2], 'Variant SKU': '' };
    const honey = honeyRow({ Status: 'paused', 'Image Src': '' });
    const orphan: Row = {
      Handle: 'orphan',
      'Variant SKU': 'ORPHAN',
      'Variant Price': '1',
      'Variant Inventory Qty': '1',
    };
    const noHandle: Row = { Title: 'Lost' };
    expect(problemsOf(() => parseShopifyCsv(shopifyCsv([...rows, honey, orphan, noHandle])))).toEqual([
      'row 8, column Handle: every row names its product by Handle',
      'row 3, column Variant Price: "12.345" is not a price in dollars with at most 2 decimals',
      'row 3, column Variant Inventory Qty: "lots" is not a whole number of items in stock',
      'row 4, column Variant SKU: every variant needs a Variant SKU',
      'row 6, column Image Src: "honey" has no picture: at least one Image Src is needed',
      'row 6, column Status: "paused" is not active, draft or archived',
      'row 7, column Title: the first row of "orphan" needs the product\'s Title',
    ]);
  });

  it('refuses several variants with nothing to tell them apart', () => {
    const rows = [
      honeyRow(),
      { Handle: 'honey', 'Variant SKU': 'HONEY-1KG', 'Variant Price': '30', 'Variant Inventory Qty': '1' },
    ];
    expect(problemsOf(() => parseShopifyCsv(shopifyCsv(rows)))).toEqual([
      'row 2, column Option1 Name: "honey" has 2 variants but no Color or Size option to tell them apart',
    ]);
  });

  it('reports what the catalogue format refuses at its cell: a repeated SKU, a long title, a bad picture', () => {
    const rows = [...teeRows(), ...teeRows('tee-2', 'TEE')];
    rows[4] = { ...rows[4], Title: 'x'.repeat(201), 'Image Src': '/home/me/tee.jpg' };
    expect(problemsOf(() => parseShopifyCsv(shopifyCsv(rows)))).toEqual([
      'row 6, column Title: Too big: expected string to have <=200 characters',
      'row 6, column Image Src: must be a path relative to the file, a data: URL, an http(s) URL or a /media/ path',
      'row 6, column Variant SKU: sku "TEE-NAVY-M" is also used at row 2, column Variant SKU',
      'row 7, column Variant SKU: sku "TEE-NAVY-S" is also used at row 3, column Variant SKU',
      'row 8, column Variant SKU: sku "TEE-SAND-M" is also used at row 4, column Variant SKU',
    ]);
  });

  it('names the row where a broken CSV stops being readable', () => {
    const text = `${shopifyCsv([honeyRow()])}honey,"Unclosed,Vendor\n`;
    expect(problemsOf(() => parseShopifyCsv(text))).toEqual([
      expect.stringMatching(/^row 3: the CSV cannot be read: Quote Not Closed/),
    ]);
  });
});

describe('Shopify problems found against the database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  it('a variant SKU that is a product in the database is reported at its cell, and nothing is written', async () => {
    await importCatalogue(handle.db, { sellers: [aSeller()], products: [aSimpleProduct('TEE-NAVY-S')] });
    const read = parseShopifyCsv(shopifyCsv(teeRows()));
    const error = await importCatalogue(handle.db, read.file, { locate: read.locate }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueImportError);
    expect((error as CatalogueImportError).problems).toEqual([
      'row 3, column Variant SKU: sku "TEE-NAVY-S" is a product in the database and cannot become a variant',
    ]);
    const products = await handle.db.selectFrom('products').select('sku').execute();
    expect(products).toEqual([{ sku: 'TEE-NAVY-S' }]);
  });

  it('an existing seller keeps its logo: a CSV names sellers by name only', async () => {
    await importCatalogue(handle.db, { sellers: [aSeller({ seller_url: 'leatherwood-honey-farm' })] });
    const read = parseShopifyCsv(shopifyCsv([honeyRow({ 'Variant SKU': 'HONEY-2' })]));
    const summary = await importCatalogue(handle.db, read.file, { keepExistingSellers: true });
    expect(summary.sellers).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const seller = await handle.db
      .selectFrom('sellers')
      .select('logo_url')
      .where('seller_url', '=', 'leatherwood-honey-farm')
      .executeTakeFirstOrThrow();
    expect(seller.logo_url).toBe('/media/sellers/leatherwood-honey-farm-logo.png');
  });
});
