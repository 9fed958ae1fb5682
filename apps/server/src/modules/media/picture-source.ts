// What /media serves from (media-routes.ts): any source of SVG pictures by folder and key. The media module
// knows no particular pictures; the app hands it a source (today the demo shop's, demo/picture-library.ts).

export const MEDIA_FOLDERS = ['products', 'sellers', 'giftcards', 'templates', 'charts'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** Keys are safe to put in a path: lower-case letters, digits and '-' only. */
export const MEDIA_KEY = /^[a-z0-9-]+$/;

export type PictureFormat = 'svg' | 'png' | 'jpg';

export interface PictureSource {
  /** The SVG text of a picture, or undefined for an unknown folder or key. */
  svg(folder: string, key: string): string | undefined;
  /**
   * The current drawing for a key whose drawing has since changed (same slug, older hash): a database
   * seeded by an earlier version still names the old URLs, and they should not turn into broken images.
   */
  current?(folder: string, key: string): string | undefined;
}
