import { randomInt } from 'node:crypto';
import { GIFT_CARD_NUMBER_LENGTH } from '@quokka/contract/constants';

// [DATA-42] A gift card number is 16 digits from a cryptographic generator (DECISIONS.md "Gift cards").
// The first digit is never 0, so the number keeps its 16 digits wherever it is read as a number. Its
// uniqueness is the database's unique constraint; the service draws again on the rare collision.

export function newGiftCardNumber(): string {
  let digits = String(randomInt(1, 10));
  while (digits.length < GIFT_CARD_NUMBER_LENGTH) digits += String(randomInt(0, 10));
  return digits;
}

/** '1234 5678 9012 3456', as printed on the picture message. */
export function formatGiftCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
