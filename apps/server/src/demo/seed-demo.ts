import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import {
  catalogueIsEmpty,
  type ImportSummary,
  importCatalogue,
  resetCatalogue,
} from '../modules/catalog/catalog-importer.ts';
import { catalogueFile } from '../modules/catalog/import-format.ts';
import type { MediaLibrary } from '../modules/media/media-library.ts';
import { demoCatalogue, demoPictures } from './demo-catalogue.ts';

// Loads the demo shop through the ordinary importer, so the demo is exactly what an operator's import
// file would give, and its drawings into the media store as ordinary stored pictures, so /media serves
// every picture the same way. The file is the same every time: seeding again changes nothing.
//
// The drawings are kept as SVG originals: they are our own code's output (an import never takes SVG in),
// storing them is a file write each rather than a rasterisation each, and every rendition is then drawn
// sharp from the vector at the width asked for — the demo looks exactly as it did.

export interface SeedOptions {
  /** Delete the whole catalogue first (`npm run cli -- seed --reset`). */
  reset?: boolean;
}

/** Puts the demo shop's drawings into the media store (those already there are left alone). */
export async function storeDemoPictures(media: Pick<MediaLibrary, 'storeDrawings'>): Promise<number> {
  return media.storeDrawings(demoPictures().drawings());
}

export async function seedDemo(
  db: Db,
  media: Pick<MediaLibrary, 'storeDrawings'>,
  options: SeedOptions = {},
): Promise<ImportSummary> {
  const file = catalogueFile.parse(demoCatalogue());
  // Pictures first: the catalogue never names a picture the store does not have.
  await storeDemoPictures(media);
  if (options.reset) await resetCatalogue(db);
  return importCatalogue(db, file);
}

/**
 * First start: seeds the demo shop only when there is no catalogue yet; null when it left it alone. A
 * catalogue seeded before the media store existed names the same drawings: they are stored then.
 */
export async function seedDemoIfEmpty(
  db: Db,
  media: Pick<MediaLibrary, 'storeDrawings'>,
): Promise<ImportSummary | null> {
  if (!(await catalogueIsEmpty(db))) {
    if (await namesMissingDemoPictures(db)) await storeDemoPictures(media);
    return null;
  }
  return seedDemo(db, media);
}

const DEMO_LOGO_KEY = String.raw`^/media/sellers/([a-z0-9-]+)\.svg$`;

/** True when a seller names a demo drawing (a /media/sellers/….svg key) the media store does not hold. */
async function namesMissingDemoPictures(db: Db): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    select s.id from sellers s
    where s.logo_url like '/media/sellers/%.svg'
      and not exists (
        select 1 from pictures p where p.key = substring(s.logo_url from ${DEMO_LOGO_KEY}))
    limit 1`.execute(db);
  return rows.length > 0;
}
