import type { Db } from '../db/database.ts';
import { type ImportSummary, importCatalogue } from '../modules/catalog/catalog-importer.ts';
import type { CatalogueFileInput } from '../modules/catalog/import-format.ts';

// Small builders of catalogue files for tests. Each test states only what it cares about; everything
// goes into the database through the real importer.

type FileSeller = NonNullable<CatalogueFileInput['sellers']>[number];
type FileCategory = NonNullable<CatalogueFileInput['categories']>[number];
type FileProduct = NonNullable<CatalogueFileInput['products']>[number];
type Simple = Extract<FileProduct, { type: 'simple' }>;
type Configurable = Extract<FileProduct, { type: 'configurable' }>;
type GiftCard = Extract<FileProduct, { type: 'giftcard' }>;

export function aSeller(overrides: Partial<FileSeller> = {}): FileSeller {
  const url = overrides.seller_url ?? 'harbour-goods';
  return {
    seller_url: url,
    name: `Seller ${url}`,
    description: `All about ${url}.`,
    logo_url: `/media/sellers/${url}-logo.png`,
    banner_url: `/media/sellers/${url}-banner.png`,
    ...overrides,
  };
}

export function aCategory(code: string, parent: string | null = null, overrides: Partial<FileCategory> = {}) {
  return {
    code,
    name: code.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`),
    parent,
    ...overrides,
  } satisfies FileCategory;
}

const picturesOf = (sku: string) => [1, 2, 3, 4].map((n) => `/media/products/${sku.toLowerCase()}-${n}.png`);

export function aSimpleProduct(sku: string, overrides: Partial<Simple> = {}): Simple {
  return {
    type: 'simple',
    sku,
    name: `Product ${sku}`,
    seller: 'harbour-goods',
    price: 19.95,
    qty: 5,
    short_desc: `Short text of ${sku}`,
    description: `<p>Long text of ${sku}</p>`,
    images: picturesOf(sku),
    ...overrides,
  };
}

/** A T-shirt in two colours and three sizes; Blue/L is sold out, Red/S costs less. */
export function aConfigurableProduct(sku: string, overrides: Partial<Configurable> = {}): Configurable {
  return {
    type: 'configurable',
    sku,
    name: `Tee ${sku}`,
    seller: 'harbour-goods',
    price: 30,
    short_desc: 'A soft cotton tee',
    images: picturesOf(sku),
    options: {
      color: [
        { title: 'Red', swatch: '#cc2200' },
        { title: 'Blue', swatch: '#1144cc' },
      ],
      size: [{ title: 'S' }, { title: 'M' }, { title: 'L' }],
    },
    variants: [
      { sku: `${sku}-RED-S`, color: 'Red', size: 'S', qty: 2, price: 25 },
      { sku: `${sku}-RED-M`, color: 'Red', size: 'M', qty: 3 },
      { sku: `${sku}-RED-L`, color: 'Red', size: 'L', qty: 1 },
      { sku: `${sku}-BLUE-S`, color: 'Blue', size: 'S', qty: 4 },
      { sku: `${sku}-BLUE-M`, color: 'Blue', size: 'M', qty: 1 },
      { sku: `${sku}-BLUE-L`, color: 'Blue', size: 'L', qty: 0 },
    ],
    ...overrides,
  };
}

export function aGiftCard(sku: string, overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    type: 'giftcard',
    sku,
    name: `Gift Card ${sku}`,
    seller: 'harbour-goods',
    price: 25,
    short_desc: 'Send a gift by text',
    images: picturesOf(sku),
    variants: [
      { sku: `${sku}-25`, gift_card_price: '$25', price: 25, qty: 1000 },
      { sku: `${sku}-50`, gift_card_price: '$50', price: 50, qty: 1000 },
      { sku: `${sku}-100`, gift_card_price: '$100', price: 100, qty: 1000 },
    ],
    mms_templates: [
      { code: 'birthday', name: 'Birthday', image_url: `/media/mms/${sku.toLowerCase()}-birthday.png` },
      { code: 'thanks', name: 'Thank You', image_url: `/media/mms/${sku.toLowerCase()}-thanks.png` },
      {
        code: 'congrats',
        name: 'Congratulations',
        image_url: `/media/mms/${sku.toLowerCase()}-congrats.png`,
      },
    ],
    ...overrides,
  };
}

/** `count` simple products SKU-0001…, with the default seller. */
export function simpleProducts(count: number, prefix = 'SKU', overrides: Partial<Simple> = {}): Simple[] {
  return Array.from({ length: count }, (_, index) =>
    aSimpleProduct(`${prefix}-${String(index + 1).padStart(4, '0')}`, overrides),
  );
}

export function aCatalogue(parts: Partial<CatalogueFileInput> = {}): CatalogueFileInput {
  return { sellers: [aSeller()], categories: [], products: [], ...parts };
}

export function importTestCatalogue(db: Db, parts: Partial<CatalogueFileInput> = {}): Promise<ImportSummary> {
  return importCatalogue(db, aCatalogue(parts));
}
