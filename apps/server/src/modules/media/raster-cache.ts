// A small least-recently-used cache bounded by total bytes, for PNG and JPEG renderings of pictures.
// Rendering an SVG with sharp takes tens of milliseconds; serving a cached buffer takes none.

export class ByteLruCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used entry.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer): void {
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.length;
      this.#entries.delete(key);
    }
    if (value.length > this.maxBytes) return;
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [oldest, buffer] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= buffer.length;
    }
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#bytes -= old.length;
    this.#entries.delete(key);
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
