// The sandbox card field's rules (DECISIONS.md "Sandbox mode"): the card provider's test numbers become
// its test payment method ids in the browser, so no card number ever reaches the server. The checks and
// their texts follow the provider's own card field, so both modes feel the same.
import { MSG } from '@quokka/contract/messages';

/** Test card number → test payment method id (docs/payments.md). */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
};

export interface SandboxCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type SandboxCardField = 'number' | 'expiry' | 'cvc';

export type SandboxCardResult =
  | { ok: true; paymentMethodId: string }
  | { ok: false; field: SandboxCardField; message: string };

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1228' → '12 / 28'. */
export function formatExpiry(text: string): string {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function isCardEmpty(input: SandboxCardInput): boolean {
  return digitsOf(input.number) === '' && digitsOf(input.expiry) === '' && digitsOf(input.cvc) === '';
}

/** The test payment method id for a card, or the first thing wrong with it. */
export function sandboxPaymentMethod(input: SandboxCardInput, now: Date = new Date()): SandboxCardResult {
  const number = digitsOf(input.number);
  if (number === '') return { ok: false, field: 'number', message: MSG.enterCard }; // [VAL-31]
  if (number.length < 16) return { ok: false, field: 'number', message: MSG.cardNumberIncomplete };
  if (!luhnValid(number)) return { ok: false, field: 'number', message: MSG.cardNumberInvalid };

  const expiry = digitsOf(input.expiry);
  if (expiry.length !== 4) return { ok: false, field: 'expiry', message: MSG.cardExpiryIncomplete };
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2));
  if (month < 1 || month > 12) return { ok: false, field: 'expiry', message: MSG.cardExpiryIncomplete };
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return { ok: false, field: 'expiry', message: MSG.cardExpiryPast };

  if (digitsOf(input.cvc).length < 3) return { ok: false, field: 'cvc', message: MSG.cardCvcIncomplete };

  const paymentMethodId = SANDBOX_TEST_CARDS[number];
  if (!paymentMethodId) return { ok: false, field: 'number', message: MSG.sandboxCardUnknown };
  return { ok: true, paymentMethodId };
}
