import { describe, expect, it } from 'vitest';
import { aCatalogue, aConfigurableProduct, aGiftCard, aSeller } from '../../test/catalog-factory.ts';
import { CatalogueImportError } from './catalog-importer.ts';
import { parseJsonCatalogue, readCatalogue } from './catalogue-formats.ts';

// Our JSON format read like the CSV formats: the catalogue, and where each distinct picture first appears.

describe('parseJsonCatalogue', () => {
  it('lists every distinct picture once, with the JSON path where it first appears', () => {
    const tee = aConfigurableProduct('TEE-1', { images: ['pictures/tee.jpg', 'pictures/shared.jpg'] });
    tee.variants[0] = { ...tee.variants[0]!, image: 'pictures/tee-red.jpg' };
    tee.tabs = { sizing_chart_url: 'data:image/png;base64,iVBORw0KGgo=' };
    const file = aCatalogue({
      sellers: [aSeller({ logo_url: 'pictures/logo.png', banner_url: 'pictures/shared.jpg' })],
      products: [tee, aGiftCard('GIFT-1')],
    });
    const read = parseJsonCatalogue(JSON.stringify(file));
    expect(read.warnings).toEqual([]);
    const locations = Object.fromEntries(read.pictureLocations);
    expect(locations).toMatchObject({
      'pictures/logo.png': 'sellers[0].logo_url',
      'pictures/shared.jpg': 'sellers[0].banner_url',
      'pictures/tee.jpg': 'products[0].images[0]',
      'data:image/png;base64,iVBORw0KGgo=': 'products[0].tabs.sizing_chart_url',
      'pictures/tee-red.jpg': 'products[0].variants[0].image',
    });
    const gift = file.products?.[1];
    const template = gift?.type === 'giftcard' ? gift.mms_templates[0]?.image_url : undefined;
    expect(template && locations[template]).toBe('products[1].mms_templates[0].image_url');
  });

  it('reports a file that is not JSON, and the problems of one that is, through the same error', () => {
    expect(() => readCatalogue('json', '{"products": [')).toThrow(CatalogueImportError);
    expect(() => readCatalogue('json', '{"products": [')).toThrow(/\(file\): not valid JSON/);
    expect(() => readCatalogue('json', '{"sellers": 1}')).toThrow(/sellers: /);
  });
});
