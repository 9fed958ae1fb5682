// What a new shopper has typed on /register, kept while they read the Terms (a page of its own) or go
// anywhere else and come back, so the form is never wiped. sessionStorage keeps it to this tab; it is
// tied to the proven mobile, checked on read, dropped once registered and after DRAFT_TTL_MS.
import { z } from 'zod';

const KEY = 'quokka.registration_draft';

/** A draft older than this is someone's abandoned form, not one to fill back in. */
export const DRAFT_TTL_MS = 30 * 60 * 1_000;

const draftValuesSchema = z.object({
  fullname: z.string(),
  email: z.string(),
  street_address: z.string(),
  suburb: z.string(),
  state: z.string(),
  country: z.string(),
  postcode: z.string(),
  terms: z.boolean(),
});
export type DraftValues = z.infer<typeof draftValuesSchema>;

const draftSchema = z.object({
  mobile: z.string(),
  expiresAt: z.number(),
  values: draftValuesSchema,
});

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The values typed for this mobile, or null (none, expired, another mobile's, or not ours). */
export function readRegistrationDraft(mobile: string, now: number = Date.now()): DraftValues | null {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(session()?.getItem(KEY) ?? 'null');
  } catch {
    // unreadable: dropped below
  }
  const result = draftSchema.safeParse(parsed);
  if (!result.success || result.data.expiresAt <= now) {
    forgetRegistrationDraft();
    return null;
  }
  return result.data.mobile === mobile ? result.data.values : null;
}

export function saveRegistrationDraft(mobile: string, values: DraftValues, now: number = Date.now()): void {
  try {
    session()?.setItem(KEY, JSON.stringify({ mobile, expiresAt: now + DRAFT_TTL_MS, values }));
  } catch {
    // Storage full or refused: the form still works, it just is not kept.
  }
}

export function forgetRegistrationDraft(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // nothing stored to forget
  }
}
