// Issue 12 items 8 and 10: the bounds of what a shopper may send, shared by the server's checks and the
// forms (maxLength), with the texts the rules answer.

/** [I12-8] A gift card is scheduled at most this far ahead (its validity of 3 years runs from then). */
export const SCHEDULE_MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

export const INPUT_LIMIT_TEXT = {
  scheduleTooFar: 'Please choose a date within a year from today.',
} as const;
