import { COUNTRY_ID } from '@quokka/contract/constants';
import { findRegion } from '@quokka/contract/regions';
import {
  describePlace,
  PLACES_LIMIT,
  PLACES_QUERY_MAX,
  type Place,
  type PlacesProvider,
} from './places-provider.ts';

// Google Places (Autocomplete, then Details for each suggestion) over fetch, mapped to the offline
// list's shape, Australian results only. Used when GOOGLE_PLACES_KEY is set.

export const GOOGLE_MAPS_URL = 'https://maps.googleapis.com';

export interface GooglePlacesOptions {
  key: string;
  /** Where the Maps web services answer; tests point it at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Told when Google cannot be asked or refuses (never with the key). */
  onError?: (message: string) => void;
}

interface Prediction {
  place_id?: unknown;
  description?: unknown;
}

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export class GooglePlaces implements PlacesProvider {
  readonly mode = 'live';

  constructor(private readonly options: GooglePlacesOptions) {}

  async search(input: string): Promise<Place[]> {
    const query = input.slice(0, PLACES_QUERY_MAX).trim();
    if (!query) return [];
    const autocomplete = await this.#get('/maps/api/place/autocomplete/json', {
      input: query,
      components: `country:${COUNTRY_ID.toLowerCase()}`,
      language: 'en-AU',
    });
    const predictions = Array.isArray(autocomplete?.predictions)
      ? (autocomplete.predictions as Prediction[])
      : [];
    const places = await Promise.all(
      predictions.slice(0, PLACES_LIMIT).map(async (prediction) => {
        if (typeof prediction.place_id !== 'string') return undefined;
        const details = await this.#get('/maps/api/place/details/json', {
          place_id: prediction.place_id,
          fields: 'address_component,formatted_address',
          language: 'en-AU',
        });
        const result = details?.result as { address_components?: AddressComponent[] } | undefined;
        return toPlace(
          prediction.place_id,
          typeof prediction.description === 'string' ? prediction.description : undefined,
          result?.address_components ?? [],
        );
      }),
    );
    return places.filter((place): place is Place => place !== undefined);
  }

  async #get(path: string, params: Record<string, string>): Promise<Record<string, unknown> | undefined> {
    const url = new URL(path, this.options.baseUrl ?? GOOGLE_MAPS_URL);
    for (const [name, value] of Object.entries({ ...params, key: this.options.key }))
      url.searchParams.set(name, value);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000) });
      if (!response.ok) {
        this.options.onError?.(`Google Places ${path} answered ${response.status}`);
        return undefined;
      }
      const body = (await response.json()) as Record<string, unknown>;
      if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') {
        this.options.onError?.(`Google Places ${path}: ${String(body.status)}`);
        return undefined;
      }
      return body;
    } catch (error) {
      this.options.onError?.(
        `Google Places ${path} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }
}

/** A Details result as our Place; undefined when it is not in Australia or names no known state. */
export function toPlace(
  id: string,
  description: string | undefined,
  components: AddressComponent[],
): Place | undefined {
  const part = (type: string) => components.find((component) => component.types.includes(type));
  if (part('country')?.short_name !== COUNTRY_ID) return undefined;
  const region = findRegion(part('administrative_area_level_1')?.short_name);
  if (!region) return undefined;
  const suburb = part('locality') ?? part('sublocality') ?? part('postal_town');
  const street = [part('street_number')?.long_name, part('route')?.long_name].filter(Boolean).join(' ');
  const postcode = part('postal_code')?.long_name ?? null;
  const suburbName = suburb?.long_name ?? '';
  return {
    id,
    description: description ?? describePlace(suburbName, region.code, postcode),
    suburb: suburbName,
    state: region.code,
    region_id: region.id,
    postcode,
    country_id: 'AU',
    street: street || null,
  };
}
