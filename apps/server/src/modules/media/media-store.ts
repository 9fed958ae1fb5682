import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

// Where picture bytes are kept (docs/media.md): one interface, three implementations. The filesystem under
// DATA_DIR/media by default, S3-compatible object storage when configured (s3-media-store.ts), and
// memory for test apps and tools that must not touch the disk. Objects are immutable once written: a name
// holds a picture's original (`{key}/original.{ext}`) or one of its renditions (`{key}/{width}.{format}`),
// and a key is a hash of the picture, so a name never comes to mean other bytes. Which pictures exist,
// and which are still used, is the `pictures` table's business (picture-library.ts), not the store's.

export interface MediaStore {
  /** A short description for the log: `filesystem /var/quokka/media`, `S3 bucket shop-media`. */
  readonly description: string;
  /** The bytes of an object, or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>;
  /** Writes an object whole (readers never see half of it); writing the same name again replaces it. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Every object name that starts with `prefix`. */
  list(prefix: string): Promise<string[]>;
  /** Deletes the objects; a name that is not there is no error. */
  delete(names: readonly string[]): Promise<void>;
}

/** Object names are ours: a key of [a-z0-9-], '/', then a file name; never '..' or an absolute path. */
export const OBJECT_NAME = /^[a-z0-9-]{1,200}\/[a-z0-9@.-]{1,60}$/;

export function assertObjectName(name: string): void {
  if (!OBJECT_NAME.test(name) || name.includes('..')) throw new Error(`not a media object name: ${name}`);
}

/** Keeps objects in memory: the same behaviour as the others, for test apps and tools. */
export class MemoryMediaStore implements MediaStore {
  readonly description = 'memory (nothing is kept after the process ends)';
  readonly #objects = new Map<string, Buffer>();

  async get(name: string): Promise<Buffer | undefined> {
    assertObjectName(name);
    return this.#objects.get(name);
  }

  async put(name: string, bytes: Buffer, _contentType: string): Promise<void> {
    assertObjectName(name);
    this.#objects.set(name, Buffer.from(bytes));
  }

  async list(prefix: string): Promise<string[]> {
    return [...this.#objects.keys()].filter((name) => name.startsWith(prefix)).sort();
  }

  async delete(names: readonly string[]): Promise<void> {
    for (const name of names) {
      assertObjectName(name);
      this.#objects.delete(name);
    }
  }
}

/**
 * Keeps objects as files under `dir` (DATA_DIR/media): folders 0700 and files 0600 like the rest of
 * DATA_DIR (db/data-dir.ts), each written to a temporary file and renamed into place, so a reader or a
 * crash never leaves half a picture under its name.
 */
export class FsMediaStore implements MediaStore {
  readonly description: string;

  constructor(readonly dir: string) {
    this.description = `filesystem ${dir}`;
  }

  #path(name: string): string {
    assertObjectName(name);
    return join(this.dir, ...name.split('/'));
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#path(name));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async put(name: string, bytes: Buffer, _contentType: string): Promise<void> {
    const path = this.#path(name);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    // A picture's objects are one folder: `{key}/` reads only that folder.
    const folder = /^[a-z0-9-]{1,200}\/$/.test(prefix) ? prefix.slice(0, -1) : '';
    let entries: string[];
    try {
      entries = folder
        ? (await readdir(join(this.dir, folder))).map((entry) => `${folder}/${entry}`)
        : await readdir(this.dir, { recursive: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return entries
      .map((entry) => relative('.', entry).split(sep).join('/'))
      .filter((name) => OBJECT_NAME.test(name) && name.startsWith(prefix))
      .sort();
  }

  async delete(names: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const name of names) {
      const path = this.#path(name);
      await rm(path, { force: true });
      folders.add(dirname(path));
    }
    // A picture's folder goes with its last object; one still holding objects stays (rmdir refuses).
    for (const folder of folders) {
      if (folder !== this.dir) await rmdir(folder).catch(() => undefined);
    }
  }
}

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
