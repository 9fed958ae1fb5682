// Address autocomplete for the registration and address forms [REG-06], through the server's
// `GET {ns}/places`: the offline list of Australian suburbs and postcodes in sandbox mode, Google Places
// when the server has a key (the key stays a server setting; both answer the same shape). The server
// also reads a street typed before a comma ('12 King St, Newtown').
import { type Place, placesReplySchema } from '@quokka/contract/api/places';
import { COUNTRY_ID } from '@quokka/contract/constants';
import { findRegion } from '@quokka/contract/regions';
import { apiFetch, nsPath } from './api-client';

/** The parts of an address a suggestion fills in; missing parts are empty (postcode may be unknown). */
export interface PlaceAddress {
  street: string;
  suburb: string;
  /** A region code (NSW, VIC…) or '' when the place names no known region. */
  state: string;
  postcode: string;
  country: string;
}

export interface PlaceSuggestion {
  id: string;
  /** What the list shows, e.g. 'Newtown NSW 2042'. */
  description: string;
  address: PlaceAddress;
}

export const MIN_QUERY_LENGTH = 2;

/** A place of `GET {ns}/places?query=` as the form fills it in. */
export function fromServerPlace(place: Place): PlaceSuggestion {
  const region = findRegion(place.state) ?? findRegion(place.region_id);
  return {
    id: place.id,
    description: place.description,
    address: {
      street: place.street ?? '',
      suburb: place.suburb,
      state: region?.code ?? '',
      postcode: place.postcode ?? '',
      country: place.country_id || COUNTRY_ID,
    },
  };
}

/** Suggestions for what the user typed; [] for short queries and on any failure. */
export async function searchPlaces(query: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const trimmed = query.trim();
  if (trimmed.length < MIN_QUERY_LENGTH) return [];
  try {
    // Silent: a failed suggestion lookup must not interrupt typing; the fields can be filled by hand.
    const reply = await apiFetch(nsPath('places'), {
      schema: placesReplySchema,
      query: { query: trimmed },
      signal,
      silent: true,
    });
    return (reply?.data ?? []).map(fromServerPlace);
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}
