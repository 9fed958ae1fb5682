import type { Db } from '../db/database.ts';
import {
  catalogueIsEmpty,
  type ImportSummary,
  importCatalogue,
  resetCatalogue,
} from '../modules/catalog/catalog-importer.ts';
import { catalogueFile } from '../modules/catalog/import-format.ts';
import { demoCatalogue } from './demo-catalogue.ts';

// Loads the demo shop through the ordinary importer, so the demo is exactly what an operator's import
// file would give. The file is the same every time: seeding again changes nothing.

export interface SeedOptions {
  /** Delete the whole catalogue first (`npm run cli -- seed --reset`). */
  reset?: boolean;
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<ImportSummary> {
  const file = catalogueFile.parse(demoCatalogue());
  if (options.reset) await resetCatalogue(db);
  return importCatalogue(db, file);
}

/** First start: seeds the demo shop only when there is no catalogue yet; null when it left it alone. */
export async function seedDemoIfEmpty(db: Db): Promise<ImportSummary | null> {
  if (!(await catalogueIsEmpty(db))) return null;
  return seedDemo(db);
}
