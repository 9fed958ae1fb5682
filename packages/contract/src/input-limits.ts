// [I12-8, I12-10] The bounds of what a shopper may send, shared by the server's checks and the
// forms (maxLength), with the texts the rules answer.

/** [I12-8] A gift card is scheduled at most this far ahead (its validity of 3 years runs from then). */
export const SCHEDULE_MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

export const INPUT_LIMIT_TEXT = {
  scheduleTooFar: 'Please choose a date within a year from today.',
} as const;

// [I12-10] Lengths, checked on the wire (api/*.ts) and shown by the forms as maxLength. Names as Magento's
// customer columns in practice; an email address as RFC 5321 allows; a street line as Magento's.
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const STREET_MAX = 255;
export const CITY_MAX = 100;
export const MOBILE_MAX = 40;

/**
 * [I12-10] Gift card drafts of one cart line: one per unit bought, and never fewer than this, so a form
 * saved while the cart's quantity is still on its way is not refused (the cart reconciles the surplus).
 */
export const GIFT_CARD_DRAFTS_MIN_CAP = 20;
