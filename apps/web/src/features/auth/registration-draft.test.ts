import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAFT_TTL_MS,
  type DraftValues,
  forgetRegistrationDraft,
  readRegistrationDraft,
  saveRegistrationDraft,
} from './registration-draft';

const MOBILE = '+61412345678';
const VALUES: DraftValues = {
  fullname: 'Jane van Dyke',
  email: 'jane@example.com',
  street_address: '5 Hay St',
  suburb: 'Perth',
  state: 'WA',
  country: 'AU',
  postcode: '6000',
  terms: true,
};

afterEach(() => sessionStorage.clear());

describe('the registration form kept while reading the Terms', () => {
  it('[I11-9] gives back what was saved for the same mobile, until it expires', () => {
    const now = 1_750_000_000_000;
    saveRegistrationDraft(MOBILE, VALUES, now);
    expect(readRegistrationDraft(MOBILE, now + DRAFT_TTL_MS - 1)).toEqual(VALUES);
    expect(readRegistrationDraft('+61412999888', now)).toBeNull();
    expect(readRegistrationDraft(MOBILE, now + DRAFT_TTL_MS)).toBeNull();
    // An expired draft is dropped, not kept for later.
    expect(sessionStorage.length).toBe(0);
  });

  it('[I11-9] drops a stored value that is not a draft of this app', () => {
    for (const raw of ['not json', '{"mobile":"+61412345678","expiresAt":9e15,"values":{"fullname":1}}']) {
      sessionStorage.setItem('quokka.registration_draft', raw);
      expect(readRegistrationDraft(MOBILE)).toBeNull();
      expect(sessionStorage.length).toBe(0);
    }
  });

  it('[I11-9] is forgotten on request', () => {
    saveRegistrationDraft(MOBILE, VALUES);
    forgetRegistrationDraft();
    expect(readRegistrationDraft(MOBILE)).toBeNull();
  });
});
