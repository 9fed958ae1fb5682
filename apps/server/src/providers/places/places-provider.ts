import { PLACES_QUERY_MAX, type Place } from '@quokka/contract/api/places';

// Address search for the registration and address forms. Sandbox: the offline Australian suburb list in
// the `places` table; live: Google Places when GOOGLE_PLACES_KEY is set. Both answer the same shape.

export const PLACES_LIMIT = 8;
export type { Place };
// The query limit and the shape of a place are the contract's (`@quokka/contract/api/places`).
export { PLACES_QUERY_MAX };

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
