import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ParsedCatalogue } from '../catalog/catalogue-source.ts';
import type { CatalogueFile } from '../catalog/import-format.ts';

// Takes a catalogue's pictures into the media store before the catalogue is written (issue 14).
// CONTRACT between the importer and the media store; the body below is today's behaviour (references are
// stored as written) until the media store lands and replaces it.

export interface CataloguePictureOptions {
  /** The folder of the imported file: relative picture paths are read from here. */
  baseDir: string;
  /** Called as pictures are taken in, with the distinct pictures done so far and their total. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Stores every distinct picture the catalogue names (once; a picture already stored is not copied
 * again) and answers the same catalogue with each picture field rewritten to its `/media/...` path.
 * A picture that cannot be read throws a CatalogueImportError naming its location, before anything is
 * written to the catalogue.
 */
export async function storeCataloguePictures(
  _db: Db,
  _config: Config,
  parsed: ParsedCatalogue,
  options: CataloguePictureOptions,
): Promise<CatalogueFile> {
  options.onProgress?.(parsed.pictureLocations.size, parsed.pictureLocations.size);
  return parsed.file;
}
