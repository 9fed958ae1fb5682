import { REGION_CODES, type RegionCode } from '@quokka/contract/regions';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  describePlace,
  PLACES_LIMIT,
  PLACES_QUERY_MAX,
  type Place,
  type PlacesProvider,
} from './places-provider.ts';

// The offline list: a case-insensitive prefix match on the suburb (or the postcode, when digits are
// typed), narrowed by a state or postcode typed after it: 'bon', '2026', 'Bondi NSW', 'Newtown NSW 2042',
// '12 King St, Newtown'.

export interface PlaceQuery {
  suburb: string;
  state?: RegionCode;
  postcode?: string;
  street?: string;
}

/** What the user typed, taken apart. Undefined when there is nothing to look for. */
export function parsePlaceQuery(input: string): PlaceQuery | undefined {
  const text = input.slice(0, PLACES_QUERY_MAX).trim();
  if (!text) return undefined;
  const segments = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // 'Newtown, NSW 2042' and 'Newtown NSW 2042' read alike: state and postcode may follow a comma.
  let tail = segments.pop() ?? '';
  const words = tail.split(/\s+/);
  let postcode: string | undefined;
  let state: RegionCode | undefined;
  for (;;) {
    const last = words.at(-1);
    if (last === undefined || words.length === 0) break;
    if (!postcode && /^\d{1,4}$/.test(last) && (words.length > 1 || segments.length > 0)) {
      postcode = last;
      words.pop();
      continue;
    }
    const code = last.toUpperCase() as RegionCode;
    if (!state && REGION_CODES.includes(code) && (words.length > 1 || segments.length > 0)) {
      state = code;
      words.pop();
      continue;
    }
    break;
  }
  tail = words.join(' ');
  if (!tail && segments.length > 0 && (state || postcode)) tail = segments.pop() ?? '';
  if (!tail && postcode) return { suburb: '', postcode, ...(state ? { state } : {}) };
  if (/^\d{1,4}$/.test(tail)) return { suburb: '', postcode: tail, ...(state ? { state } : {}) };
  if (!tail) return undefined;
  const street = segments.join(', ');
  return {
    suburb: tail,
    ...(state ? { state } : {}),
    ...(postcode ? { postcode } : {}),
    ...(street ? { street } : {}),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export class SandboxPlaces implements PlacesProvider {
  readonly mode = 'sandbox';

  constructor(private readonly db: Db) {}

  async search(input: string): Promise<Place[]> {
    const query = parsePlaceQuery(input);
    if (!query) return [];
    const suburb = query.suburb.toLowerCase();
    let select = this.db.selectFrom('places').select(['id', 'suburb', 'state', 'region_id', 'postcode']);
    if (suburb) select = select.where(sql<string>`lower(suburb)`, 'like', `${escapeLike(suburb)}%`);
    if (query.state) select = select.where('state', '=', query.state);
    if (query.postcode) select = select.where('postcode', 'like', `${escapeLike(query.postcode)}%`);
    const rows = await select
      // An exact suburb first ('Bondi' before 'Bondi Beach'), then alphabetical.
      .orderBy(sql`lower(suburb) = ${suburb}`, 'desc')
      .orderBy('suburb')
      .orderBy('state')
      .orderBy('postcode')
      .limit(PLACES_LIMIT)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      description: describePlace(row.suburb, row.state, row.postcode),
      suburb: row.suburb,
      state: row.state,
      region_id: row.region_id,
      postcode: row.postcode,
      country_id: 'AU',
      street: query.street ?? null,
    }));
  }
}
