// The Australian region table of SPEC.md §3, and lookups that both sides use to map a state field.

import { COUNTRY_ID } from './constants.ts';

export interface Region {
  /** State or territory abbreviation, as the state select and `region_code` carry it. */
  readonly code: RegionCode;
  readonly name: string;
  /** The backend's `region_id`. */
  readonly id: number;
  readonly countryId: typeof COUNTRY_ID;
}

export type RegionCode = 'ACT' | 'NSW' | 'VIC' | 'QLD' | 'SA' | 'TAS' | 'WA' | 'NT';

/** [DATA-12..19] Every region of the only country, in region id order. */
export const REGIONS: readonly Region[] = [
  { code: 'ACT', name: 'Australian Capital Territory', id: 569, countryId: COUNTRY_ID },
  { code: 'NSW', name: 'New South Wales', id: 570, countryId: COUNTRY_ID },
  { code: 'VIC', name: 'Victoria', id: 571, countryId: COUNTRY_ID },
  { code: 'QLD', name: 'Queensland', id: 572, countryId: COUNTRY_ID },
  { code: 'SA', name: 'South Australia', id: 573, countryId: COUNTRY_ID },
  { code: 'TAS', name: 'Tasmania', id: 574, countryId: COUNTRY_ID },
  { code: 'WA', name: 'Western Australia', id: 575, countryId: COUNTRY_ID },
  { code: 'NT', name: 'Northern Territory', id: 576, countryId: COUNTRY_ID },
];

export const REGION_CODES: readonly RegionCode[] = REGIONS.map((region) => region.code);

const normalise = (text: string): string => text.trim().replace(/\s+/g, ' ').toUpperCase();

// [ERR-14] A lookup that misses returns undefined: callers log it and show nothing, never throw.

/** The region with this code ('nsw', ' NSW '), or undefined. */
export function findRegionByCode(code: string | null | undefined): Region | undefined {
  if (typeof code !== 'string') return undefined;
  const wanted = normalise(code);
  return REGIONS.find((region) => region.code === wanted);
}

/** The region with this backend id (569..576, also as a numeric string), or undefined. */
export function findRegionById(id: number | string | null | undefined): Region | undefined {
  if (id === null || id === undefined) return undefined;
  const text = String(id).trim();
  if (!/^\d+$/.test(text)) return undefined;
  const wanted = Number(text);
  return REGIONS.find((region) => region.id === wanted);
}

/** The region with this full name ('new south wales'), or undefined. */
export function findRegionByName(name: string | null | undefined): Region | undefined {
  if (typeof name !== 'string') return undefined;
  const wanted = normalise(name);
  return REGIONS.find((region) => region.name.toUpperCase() === wanted);
}

/**
 * The region a state field names, whichever way it names it: code, full name or id. Places
 * autocomplete gives names or codes, the state select gives codes, stored addresses give ids.
 */
export function findRegion(value: string | number | null | undefined): Region | undefined {
  if (typeof value === 'number') return findRegionById(value);
  return findRegionByCode(value) ?? findRegionByName(value) ?? findRegionById(value);
}

/** The `region` object of a backend address (SPEC.md §3 Address, §7 createAccount). */
export interface RegionWire {
  region: string;
  region_code: string;
  region_id: number;
}

export function toRegionWire(region: Region): RegionWire {
  return { region: region.name, region_code: region.code, region_id: region.id };
}
