// Which picture files a product picture is offered in, and at what sizes: AVIF and WebP for browsers that
// read them, JPEG for the rest, each at the widths /media makes (PICTURE_WIDTHS), with a `sizes` that
// tells the browser how wide the picture is drawn before any CSS has loaded. Pure functions of the URL and
// the layout, so the server-rendered page, its preload link and the hydrated page name the same files.
import { PICTURE_WIDTHS, type PictureWidth } from '@quokka/contract/media';

/** How wide a picture is drawn: a `sizes` value and the widths worth offering for it. */
export interface PictureLayout {
  sizes: string;
  widths: readonly PictureWidth[];
}

// The widths follow the CSS: content at most 720 px with 16 px padding (688 px), tiles in columns of at
// least 10.5rem with 12 px gaps (product-list.css), the gallery edge to edge on a phone (product-page.css).
export const PICTURE_LAYOUTS = {
  /** A product tile: one column under 380 px, two on a phone, three from 640 px. */
  tile: {
    sizes: '(min-width: 640px) 220px, (min-width: 380px) calc(50vw - 22px), calc(100vw - 34px)',
    widths: [160, 240, 320, 400, 480, 640],
  },
  /** The product page's main picture and the seller's banner: the screen's width on a phone. */
  wide: {
    sizes: '(min-width: 720px) 688px, 100vw',
    widths: [320, 400, 480, 640, 800, 1200],
  },
  /** The three secondary pictures under the main one. */
  thumb: {
    sizes: '(min-width: 720px) 224px, calc(33vw - 16px)',
    widths: [160, 240, 320, 400],
  },
  /** The sizing chart inside its tab. */
  chart: {
    sizes: '(min-width: 720px) 656px, calc(100vw - 64px)',
    widths: [320, 400, 480, 640, 800, 1200],
  },
  /** A gift card's picture-message template in the list of templates. */
  template: {
    sizes: '(min-width: 720px) 336px, calc(100vw - 32px)',
    widths: [240, 320, 400, 480, 640, 800],
  },
} as const satisfies Record<string, PictureLayout>;

/** A picture drawn at a fixed CSS width (logos, cart lines): enough pixels for screens up to 3×. */
export function fixedLayout(cssWidth: number): PictureLayout {
  const first = PICTURE_WIDTHS.findIndex((width) => width >= cssWidth);
  const last = PICTURE_WIDTHS.findIndex((width) => width >= cssWidth * 3);
  const widths = PICTURE_WIDTHS.slice(
    first < 0 ? PICTURE_WIDTHS.length - 1 : first,
    last < 0 ? PICTURE_WIDTHS.length : last + 1,
  );
  return { sizes: `${cssWidth}px`, widths };
}

export interface PictureSet {
  avif: string;
  webp: string;
  jpeg: string;
  sizes: string;
}

/** The project's own pictures: the only URLs /media makes variants of. */
const OWN_PICTURE =
  /^(\/media\/(?:products|sellers|giftcards|templates|charts)\/[a-z0-9-]{1,200})\.(?:svg|png|jpe?g)$/;

/** `srcset` values for each format, or null for a picture that is not ours (drawn as it is). */
export function pictureSet(url: string, layout: PictureLayout): PictureSet | null {
  const base = OWN_PICTURE.exec(url)?.[1];
  if (!base) return null;
  const srcset = (extension: string) =>
    layout.widths.map((width) => `${base}.${extension}?w=${width} ${width}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpg'), sizes: layout.sizes };
}

/**
 * The `<link rel="preload">` attributes that fetch the largest picture of a page (its LCP) while the HTML
 * is still arriving: the AVIF set, which every browser that honours `imagesrcset` with a type reads.
 * Null for a picture that is not ours: preload its URL as it is, if at all.
 */
export function picturePreload(
  url: string,
  layout: PictureLayout,
): {
  rel: 'preload';
  as: 'image';
  type: 'image/avif';
  imageSrcSet: string;
  imageSizes: string;
  fetchPriority: 'high';
} | null {
  const set = pictureSet(url, layout);
  if (!set) return null;
  return {
    rel: 'preload',
    as: 'image',
    type: 'image/avif',
    imageSrcSet: set.avif,
    imageSizes: set.sizes,
    fetchPriority: 'high',
  };
}
