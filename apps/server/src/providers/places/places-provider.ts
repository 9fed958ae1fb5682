// Address search for the registration and address forms. Sandbox: the offline Australian suburb list in
// the `places` table; live: Google Places when GOOGLE_PLACES_KEY is set. Both answer the same shape.

export const PLACES_LIMIT = 8;
export const PLACES_QUERY_MAX = 100;

export interface Place {
  id: string;
  /** What the suggestion list shows: 'Bondi NSW 2026'. */
  description: string;
  suburb: string;
  /** Region code: NSW, VIC, … */
  state: string;
  region_id: number;
  /** Null when the source has none (the suburb-only list): the user types it. */
  postcode: string | null;
  country_id: 'AU';
  /** The street part, when the user typed one ('12 King St, Newtown') or Google found one. */
  street: string | null;
}

export interface PlacesProvider {
  readonly mode: 'sandbox' | 'live';
  /** At most PLACES_LIMIT matches; [] for an empty query. */
  search(query: string): Promise<Place[]>;
}

/** Every word capitalised: 'BONDI JUNCTION' → 'Bondi Junction', "O'CONNOR" → "O'Connor". */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(
      /(^|[\s'-])(\p{L})/gu,
      (_match, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

export function describePlace(suburb: string, state: string, postcode: string | null): string {
  return [suburb, state, postcode].filter(Boolean).join(' ');
}
