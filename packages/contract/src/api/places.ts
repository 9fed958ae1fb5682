// The address search of the registration and address forms ({ns}/places): the offline Australian list
// in sandbox mode, Google Places when keyed.

import { z } from 'zod';
import { text } from './common.ts';

/** The longest query searched; longer ones are refused. */
export const PLACES_QUERY_MAX = 100;

/** GET {ns}/places?query */
export const placesQuery = z.object({ query: text(PLACES_QUERY_MAX).optional().default('') });

export const placeSchema = z
  .object({
    id: z.string(),
    /** What the suggestion list shows: 'Bondi NSW 2026'. */
    description: z.string(),
    suburb: z.string(),
    /** Region code: NSW, VIC, … */
    state: z.string(),
    region_id: z.number(),
    /** Null when the source has none (the suburb-only list): the user types it. */
    postcode: z.string().nullable(),
    country_id: z.literal('AU'),
    /** The street part, when the user typed one ('12 King St, Newtown') or Google found one. */
    street: z.string().nullable(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

export const placesReplySchema = z.object({ data: z.array(placeSchema) });
export type PlacesReply = z.infer<typeof placesReplySchema>;
