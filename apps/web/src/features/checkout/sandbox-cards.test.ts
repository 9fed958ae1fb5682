import { MSG } from '@quokka/contract/messages';
import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, sandboxPaymentMethod } from './sandbox-cards';

const NOW = new Date('2026-11-21T10:00:00Z');
const card = (number: string, expiry = '12 / 30', cvc = '123') =>
  sandboxPaymentMethod({ number, expiry, cvc }, NOW);

describe('sandbox card field', () => {
  it("[CHK-15] the provider's test numbers become its test payment method ids (DECISIONS.md Sandbox mode)", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, paymentMethodId: 'pm_card_visa' });
    expect(card('5555555555554444')).toEqual({ ok: true, paymentMethodId: 'pm_card_mastercard' });
    expect(card('4000 0000 0000 0002')).toEqual({ ok: true, paymentMethodId: 'pm_card_chargeDeclined' });
    expect(card('4000 0000 0000 9995')).toEqual({
      ok: true,
      paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    });
  });

  it('[VAL-31] [VAL-33] an empty, short, mistyped or unknown card, a past expiry and a short CVC each say so', () => {
    expect(card('')).toMatchObject({ ok: false, message: MSG.enterCard });
    expect(card('4242 4242')).toMatchObject({
      ok: false,
      field: 'number',
      message: MSG.cardNumberIncomplete,
    });
    expect(card('4242424242424241')).toMatchObject({ ok: false, message: MSG.cardNumberInvalid });
    expect(card('4111111111111111')).toMatchObject({ ok: false, message: MSG.sandboxCardUnknown });
    expect(card('4242424242424242', '10 / 26')).toMatchObject({
      ok: false,
      field: 'expiry',
      message: MSG.cardExpiryPast,
    });
    expect(card('4242424242424242', '11 / 26')).toMatchObject({ ok: true });
    expect(card('4242424242424242', '1')).toMatchObject({ ok: false, message: MSG.cardExpiryIncomplete });
    expect(card('4242424242424242', '12 / 30', '1')).toMatchObject({
      ok: false,
      field: 'cvc',
      message: MSG.cardCvcIncomplete,
    });
  });

  it('formats what is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
  });
});
