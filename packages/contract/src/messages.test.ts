import { describe, expect, it } from 'vitest';
import { MSG, withSupportContact } from './messages.ts';

describe('[I11-12] texts that send the shopper to support name the contact', () => {
  it("keeps SPEC.md's words and adds how to reach support, with whatever contact is set", () => {
    const both = { supportEmail: 'help@shop.example', supportPhone: '1300 975 707' };
    expect(withSupportContact(MSG.giftCardSaveErrorText, both)).toBe(
      `${MSG.giftCardSaveErrorText} Email help@shop.example or call 1300 975 707.`,
    );
    expect(withSupportContact('Please contact support.', { ...both, supportPhone: null })).toBe(
      'Please contact support. Email help@shop.example.',
    );
    expect(withSupportContact('Please contact support.', { ...both, supportEmail: null })).toBe(
      'Please contact support. Call 1300 975 707.',
    );
  });

  it('every MSG text that says "contact support" is shown through withSupportContact', () => {
    const mentions = Object.entries(MSG)
      .filter(([, text]) => /contact support/i.test(text))
      .map(([key]) => key);
    // A new one must be shown with the contact too: add it here once its screen does so.
    expect(mentions).toEqual(['giftCardSaveErrorText']);
  });
});
