// The folders and keys of /media URLs (media-routes.ts, web/src/lib/picture-sources.ts): a folder says
// what a picture is for, a key is a hash of the picture (with a readable prefix for the demo shop's).

export const MEDIA_FOLDERS = ['products', 'sellers', 'giftcards', 'templates', 'charts'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** Keys are safe to put in a path: lower-case letters, digits and '-' only. */
export const MEDIA_KEY = /^[a-z0-9-]{1,200}$/;

/** The format a /media path names for a picture: its SVG drawing, or a PNG or JPEG. */
export type PictureFormat = 'svg' | 'png' | 'jpg';

/** `/media/products/abc.jpg?w=320` → `abc`; undefined for a path that is not one of ours. */
export function mediaKeyOf(path: string): string | undefined {
  return /^\/media\/(?:products|sellers|giftcards|templates|charts)\/([a-z0-9-]{1,200})\.(?:svg|png|jpe?g|webp|avif)(?:\?.*)?$/.exec(
    path,
  )?.[1];
}
