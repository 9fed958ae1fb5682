import { PICTURE_WIDTHS } from '@quokka/contract/media';
import { describe, expect, it } from 'vitest';
import { fixedLayout, PICTURE_LAYOUTS, picturePreload, pictureSet } from './picture-sources';

const TEE = '/media/products/sl-cottesloe-crew-tee-main-6e87f337a2.svg';

describe('[I13-images] picture sources', () => {
  it('[I13-images] offers a product picture as AVIF, WebP and JPEG at the tile widths, with the tile’s sizes', () => {
    const set = pictureSet(TEE, PICTURE_LAYOUTS.tile);
    const base = '/media/products/sl-cottesloe-crew-tee-main-6e87f337a2';
    const widths = [160, 240, 320, 400, 480, 640];
    expect(set).toEqual({
      avif: widths.map((w) => `${base}.avif?w=${w} ${w}w`).join(', '),
      webp: widths.map((w) => `${base}.webp?w=${w} ${w}w`).join(', '),
      jpeg: widths.map((w) => `${base}.jpg?w=${w} ${w}w`).join(', '),
      sizes: '(min-width: 640px) 220px, (min-width: 380px) calc(50vw - 22px), calc(100vw - 34px)',
    });
  });

  it('[I13-images] names only widths the server makes, enough for a 390 px phone at 3× and a 320 px one', () => {
    for (const layout of Object.values(PICTURE_LAYOUTS)) {
      for (const width of layout.widths) expect(PICTURE_WIDTHS).toContain(width);
    }
    // A tile on a 390 px phone is 173 px wide; at 3× it needs 519 px.
    expect(Math.max(...PICTURE_LAYOUTS.tile.widths)).toBeGreaterThanOrEqual(519);
    // The main picture runs edge to edge: 390 px at 2× is 780.
    expect(Math.max(...PICTURE_LAYOUTS.wide.widths)).toBeGreaterThanOrEqual(780);
    // One column on a 320 px phone: 286 px.
    expect(PICTURE_LAYOUTS.tile.sizes).toMatch(/calc\(100vw - 34px\)$/);
  });

  it('[I13-images] a fixed-size picture gets the widths from 1× to 3× its CSS width', () => {
    expect(fixedLayout(48)).toEqual({ sizes: '48px', widths: [160] });
    expect(fixedLayout(72)).toEqual({ sizes: '72px', widths: [160, 240] });
    expect(fixedLayout(150)).toEqual({ sizes: '150px', widths: [160, 240, 320, 400, 480] });
    expect(fixedLayout(2000).widths).toEqual([1200]);
  });

  it('[I13-images] reads PNG and JPEG pictures of ours too, and leaves anything else alone', () => {
    expect(pictureSet('/media/templates/party-0123456789.png', PICTURE_LAYOUTS.template)?.avif).toMatch(
      /^\/media\/templates\/party-0123456789\.avif\?w=240 240w, /,
    );
    expect(pictureSet('/media/sellers/logo-0123456789.jpg', fixedLayout(48))?.webp).toBe(
      '/media/sellers/logo-0123456789.webp?w=160 160w',
    );
    for (const other of [
      'https://cdn.example.com/media/products/tee.svg',
      '//cdn.example.com/media/products/tee.svg',
      '/media/products/tee.svg?v=2',
      '/media/elsewhere/tee.svg',
      '/media/products/../secret.svg',
      '/media/products/tee.gif',
      'data:image/svg+xml,<svg/>',
      '',
    ]) {
      expect(pictureSet(other, PICTURE_LAYOUTS.tile), other).toBeNull();
    }
  });

  it('[I13-images] the LCP preload names the same AVIF set and sizes the picture uses', () => {
    const set = pictureSet(TEE, PICTURE_LAYOUTS.wide);
    expect(picturePreload(TEE, PICTURE_LAYOUTS.wide)).toEqual({
      rel: 'preload',
      as: 'image',
      type: 'image/avif',
      imageSrcSet: set?.avif,
      imageSizes: set?.sizes,
      fetchPriority: 'high',
    });
    expect(picturePreload('https://cdn.example.com/tee.jpg', PICTURE_LAYOUTS.wide)).toBeNull();
  });
});
