import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PICTURE_LAYOUTS, pictureSet } from '../../../lib/picture-sources';
import { renderApp } from '../../../test/render-app';
import { aPage, aSeller, aSimpleProduct, stubCatalogApi } from '../test/catalog-factories';

// [I13-images] The catalogue's pictures as a phone loads them: AVIF/WebP/JPEG sets sized for the layout,
// every picture with a width and height (nothing shifts), and only the page's largest picture fetched first.

function expectSized(container: HTMLElement) {
  const images = [...container.querySelectorAll('img')];
  expect(images.length).toBeGreaterThan(0);
  for (const img of images) {
    expect(Number(img.getAttribute('width')), img.outerHTML).toBeGreaterThan(0);
    expect(Number(img.getAttribute('height')), img.outerHTML).toBeGreaterThan(0);
  }
}

describe('[I13-images] catalogue pictures', () => {
  it('[I13-images] /browse: each tile’s picture offers AVIF, WebP and JPEG at the tile sizes; only the first is fetchpriority high', async () => {
    stubCatalogApi({ browseProducts: { data: aPage(1) } });
    const { container } = renderApp('/browse');
    await screen.findByRole('link', { name: 'Trucker Cap 10' });
    const pictures = [...container.querySelectorAll('.tile__media picture')];
    expect(pictures).toHaveLength(10);
    pictures.forEach((picture, index) => {
      const img = picture.querySelector('img');
      const set = pictureSet(img?.getAttribute('src') ?? '', PICTURE_LAYOUTS.tile);
      expect(set).not.toBeNull();
      expect(picture.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', set?.avif);
      expect(picture.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', set?.webp);
      expect(img).toHaveAttribute('srcset', set?.jpeg);
      expect(img).toHaveAttribute('sizes', PICTURE_LAYOUTS.tile.sizes);
      expect(img).toHaveAttribute('width', '400');
      expect(img).toHaveAttribute('height', '480');
      if (index === 0) expect(img).toHaveAttribute('fetchpriority', 'high');
      else expect(img).not.toHaveAttribute('fetchpriority');
      // The first screen (two rows of two) loads at once; the rest when scrolled near.
      if (index < 4) expect(img).not.toHaveAttribute('loading');
      else expect(img).toHaveAttribute('loading', 'lazy');
    });
    expect(container.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(1);
    expectSized(container);
  });

  it('[I13-images] the product page’s main picture is fetched first at the screen’s width; the others lazily', async () => {
    stubCatalogApi({ product: aSimpleProduct(), categories: [] });
    const { container } = renderApp('/product/14');
    const main = await screen.findByRole('img', { name: 'Saltline Trucker Cap' });
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main).not.toHaveAttribute('loading');
    expect(main).toHaveAttribute('sizes', PICTURE_LAYOUTS.wide.sizes);
    expect(main.closest('picture')?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      pictureSet('/media/products/cap-main.svg', PICTURE_LAYOUTS.wide)?.avif,
    );
    const thumbs = [...container.querySelectorAll('.gallery__thumb img')];
    expect(thumbs).toHaveLength(3);
    for (const thumb of thumbs) {
      expect(thumb).toHaveAttribute('loading', 'lazy');
      expect(thumb).toHaveAttribute('sizes', PICTURE_LAYOUTS.thumb.sizes);
    }
    expect(container.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(1);
    expectSized(container);
  });

  it('[I13-images] the seller profile’s banner is fetched first, and its logo and tiles are sized', async () => {
    const seller = aSeller({ seller_url: 'saltline-surf-co', shop_url: 'saltline-surf-co' });
    stubCatalogApi({ sellerInformation: { status: true, seller, products: aPage(1, 3) } });
    const { container } = renderApp('/sellerprofile/saltline-surf-co');
    await screen.findByRole('link', { name: 'Trucker Cap 3' });
    const banner = container.querySelector('.seller-header__banner img');
    expect(banner).toHaveAttribute('fetchpriority', 'high');
    expect(banner).toHaveAttribute('sizes', PICTURE_LAYOUTS.wide.sizes);
    expect(container.querySelector('.seller-header__logo img')).toHaveAttribute('sizes', '72px');
    expectSized(container);
  });
});
