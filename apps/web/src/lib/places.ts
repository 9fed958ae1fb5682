// Address autocomplete for the registration and address forms [REG-06]. Without a Google Places key
// the server's offline list of Australian suburbs and postcodes answers (`GET {ns}/places`); with a
// key the browser asks Google Places (the New API's REST calls, restricted to Australia) directly.
import { COUNTRY_ID } from '@quokka/contract/constants';
import { findRegion } from '@quokka/contract/regions';
import { apiFetch, nsPath } from './api-client';
import { getRuntimeConfig } from './runtime-config';

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
  /** Known at once for the offline list; Google suggestions are looked up when chosen. */
  address: PlaceAddress | null;
}

/** One entry of `GET {ns}/places?query=`. */
export interface OfflinePlace {
  id: string | number;
  description: string;
  suburb: string;
  state: string;
  region_id?: number | null;
  postcode: string | null;
  country_id: string;
  street?: string | null;
}

export const MIN_QUERY_LENGTH = 2;

function regionCode(state: string | null | undefined, regionId?: number | null): string {
  return (findRegion(state) ?? findRegion(regionId ?? null))?.code ?? '';
}

export function fromOfflinePlace(place: OfflinePlace): PlaceSuggestion {
  return {
    id: String(place.id),
    description: place.description,
    address: {
      street: place.street ?? '',
      suburb: place.suburb,
      state: regionCode(place.state, place.region_id),
      postcode: place.postcode ?? '',
      country: place.country_id || COUNTRY_ID,
    },
  };
}

async function searchOffline(query: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  // Silent: a failed suggestion lookup must not interrupt typing; the fields can be filled by hand.
  const reply = await apiFetch<{ data?: OfflinePlace[] } | null>(nsPath('places'), {
    query: { query },
    signal,
    silent: true,
  });
  return (reply?.data ?? []).map(fromOfflinePlace);
}

// Google Places (New): https://developers.google.com/maps/documentation/places/web-service/place-autocomplete
const GOOGLE_BASE = 'https://places.googleapis.com/v1';

interface GoogleAutocompleteReply {
  suggestions?: { placePrediction?: { placeId: string; text?: { text?: string } } }[];
}

interface GoogleAddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}

// One session token groups the typing and the final lookup, which Google bills as one session.
let sessionToken: string | null = null;

function currentSession(): string {
  sessionToken ??= crypto.randomUUID();
  return sessionToken;
}

async function searchGoogle(query: string, key: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const response = await fetch(`${GOOGLE_BASE}/places:autocomplete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': key },
    body: JSON.stringify({
      input: query,
      includedRegionCodes: [COUNTRY_ID.toLowerCase()],
      sessionToken: currentSession(),
    }),
    signal,
  });
  if (!response.ok) return [];
  const reply = (await response.json()) as GoogleAutocompleteReply;
  return (reply.suggestions ?? []).flatMap((suggestion) => {
    const prediction = suggestion.placePrediction;
    if (!prediction) return [];
    return [{ id: prediction.placeId, description: prediction.text?.text ?? '', address: null }];
  });
}

/** Maps Google's address components onto the form's parts. */
export function fromGoogleComponents(components: readonly GoogleAddressComponent[]): PlaceAddress {
  const part = (type: string, short = false) => {
    const found = components.find((component) => component.types?.includes(type));
    return (short ? found?.shortText : found?.longText) ?? '';
  };
  const number = [part('subpremise'), part('street_number')].filter(Boolean).join('/');
  return {
    street: [number, part('route')].filter(Boolean).join(' '),
    suburb: part('locality') || part('sublocality') || part('postal_town'),
    state: regionCode(part('administrative_area_level_1', true)),
    postcode: part('postal_code'),
    country: part('country', true) || COUNTRY_ID,
  };
}

async function resolveGoogle(id: string, key: string): Promise<PlaceAddress | null> {
  const session = currentSession();
  sessionToken = null;
  const response = await fetch(
    `${GOOGLE_BASE}/places/${encodeURIComponent(id)}?sessionToken=${encodeURIComponent(session)}`,
    { headers: { 'X-Goog-Api-Key': key, 'X-Goog-FieldMask': 'addressComponents' } },
  );
  if (!response.ok) return null;
  const reply = (await response.json()) as { addressComponents?: GoogleAddressComponent[] };
  return fromGoogleComponents(reply.addressComponents ?? []);
}

/** Suggestions for what the user typed; [] for short queries and on any failure. */
export async function searchPlaces(query: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const trimmed = query.trim();
  if (trimmed.length < MIN_QUERY_LENGTH) return [];
  const { googlePlacesKey } = getRuntimeConfig();
  try {
    return googlePlacesKey
      ? await searchGoogle(trimmed, googlePlacesKey, signal)
      : await searchOffline(trimmed, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

/** The address parts of a chosen suggestion; null when they cannot be looked up. */
export async function resolvePlace(suggestion: PlaceSuggestion): Promise<PlaceAddress | null> {
  if (suggestion.address) return suggestion.address;
  const { googlePlacesKey } = getRuntimeConfig();
  if (!googlePlacesKey) return null;
  try {
    return await resolveGoogle(suggestion.id, googlePlacesKey);
  } catch {
    return null;
  }
}
