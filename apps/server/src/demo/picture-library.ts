import { createHash } from 'node:crypto';
import type { MediaFolder, PictureFormat } from '../modules/media/picture-source.ts';

// The pictures the demo shop is drawn with, collected while its catalogue is built. A key is a readable
// slug plus a hash of the drawing, so a URL always names the same bytes and browsers may cache it for a
// year; when a drawing changes, its URL changes with it. Seeding puts every drawing into the media store
// (seed-demo.ts) as an ordinary stored picture; /media serves them from there like any other.

export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export class PictureLibrary {
  readonly #pictures = new Map<string, string>();

  /** Keeps a drawing and answers its URL under /media, in the format asked (the SVG, or PNG for MMS). */
  add(folder: MediaFolder, slug: string, svg: string, format: PictureFormat = 'svg'): string {
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    const key = `${slugOf(slug)}-${hash}`;
    this.#pictures.set(key, svg);
    return `/media/${folder}/${key}.${format}`;
  }

  /** The SVG text of a drawing by its key. */
  svg(key: string): string | undefined {
    return this.#pictures.get(key);
  }

  /** Every drawing by key, for the media store. */
  drawings(): { key: string; svg: string }[] {
    return [...this.#pictures].map(([key, svg]) => ({ key, svg }));
  }

  get size(): number {
    return this.#pictures.size;
  }
}
