import { createHash } from 'node:crypto';
import {
  MEDIA_KEY,
  type MediaFolder,
  type PictureFormat,
  type PictureSource,
} from '../modules/media/picture-source.ts';

// The pictures the demo shop is drawn with, kept in memory by folder and key. A key is a readable slug
// plus a hash of the picture, so a URL always names the same bytes and browsers may cache it for a year;
// when a drawing changes, its URL changes with it.

const HASHED = /^([a-z0-9-]+)-[0-9a-f]{10}$/;

export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export class PictureLibrary implements PictureSource {
  readonly #pictures = new Map<string, string>();
  readonly #bySlug = new Map<string, string>();

  /** Keeps a picture and answers its URL under /media. */
  add(folder: MediaFolder, slug: string, svg: string, format: PictureFormat = 'svg'): string {
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    const key = `${slugOf(slug)}-${hash}`;
    this.#pictures.set(`${folder}/${key}`, svg);
    this.#bySlug.set(`${folder}/${slugOf(slug)}`, svg);
    return `/media/${folder}/${key}.${format}`;
  }

  svg(folder: string, key: string): string | undefined {
    if (!MEDIA_KEY.test(key)) return undefined;
    return this.#pictures.get(`${folder}/${key}`);
  }

  current(folder: string, key: string): string | undefined {
    const slug = HASHED.exec(key)?.[1];
    return slug ? this.#bySlug.get(`${folder}/${slug}`) : undefined;
  }

  get size(): number {
    return this.#pictures.size;
  }
}
