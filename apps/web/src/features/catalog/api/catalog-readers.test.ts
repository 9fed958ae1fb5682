import { describe, expect, it } from 'vitest';
import { aConfigurableProduct, aSeller, aTile } from '../test/catalog-factories';
import { readProduct, readSeller, readTile, readTiles } from './catalog-readers';

describe('catalogue replies', () => {
  it('[DATA-27] a product’s pictures come from images, or from image alone', () => {
    expect(readTile({ ...aTile(), image: '', images: ['/a.svg', '/b.svg'] })).toMatchObject({
      image: '/a.svg',
      images: ['/a.svg', '/b.svg'],
    });
    expect(readTile({ ...aTile(), image: '/only.svg', images: null })).toMatchObject({
      image: '/only.svg',
      images: ['/only.svg'],
    });
  });

  it('[DATA-28] [DATA-29] [DATA-30] a seller is read from seller_url or shop_url, image or supplied_by_image, description or popup_description', () => {
    const modern = readSeller(aSeller());
    expect(modern).toMatchObject({
      seller_url: 'saltline-surf-co',
      image: '/media/sellers/saltline-logo.svg',
    });
    const older = readSeller({
      id: 3,
      name: 'Bush Crafts',
      shop_url: 'bush-crafts',
      supplied_by_image: '/logo.svg',
      popup_description: 'Carved by hand.',
    });
    expect(older).toMatchObject({
      seller_url: 'bush-crafts',
      shop_url: 'bush-crafts',
      image: '/logo.svg',
      supplied_by_image: '/logo.svg',
      description: 'Carved by hand.',
      popup_description: 'Carved by hand.',
    });
  });

  it('[DATA-24] [DATA-25] a product keeps its options (option_id, option_value, default_title, qty) and its children', () => {
    const product = readProduct(aConfigurableProduct());
    expect(product.configurable_options.color?.option_id).toBe(93);
    expect(product.configurable_options.size?.options[0]).toMatchObject({
      option_value: 5,
      default_title: 'S',
      qty: 3,
    });
    expect(product.configurable_products).toHaveLength(6);
    expect(product.configurable_options_products.size?.['5']).toEqual(['SL-TEE-NAVY-S']);
  });

  it('reads Magento-style flags and numbers given as strings, and skips entries that are not objects', () => {
    const tiles = readTiles([{ ...aTile(), is_giftcard: 1, qty: '0', price: '19.95' }, null, 'x']);
    expect(tiles).toHaveLength(1);
    expect(tiles[0]).toMatchObject({ is_giftcard: true, qty: 0, price: 19.95 });
  });
});
