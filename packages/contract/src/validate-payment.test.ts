import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { validatePayment } from './validate-payment.ts';

describe('validatePayment', () => {
  it('a chosen card and shipping address pass', () => {
    expect(validatePayment({ card: 'pm_card_visa', shippingAddressId: 12 })).toEqual({});
    expect(validatePayment({ card: 3, shippingAddressId: '12' })).toEqual({});
  });

  it.each([undefined, null, '', '  '])('[VAL-31] no card chosen (%j) shows the card message', (card) => {
    expect(validatePayment({ card, shippingAddressId: 12 })).toEqual({ card: MSG.enterCard });
  });

  it.each([undefined, null, ''])('[VAL-32] no shipping address (%j) shows the shipping message', (id) => {
    expect(validatePayment({ card: 'pm_card_visa', shippingAddressId: id })).toEqual({
      shipping_address: MSG.completeShipping,
    });
  });

  it('[VAL-31] [VAL-32] [CHKF-10] both missing show both messages', () => {
    expect(validatePayment({})).toEqual({ shipping_address: MSG.completeShipping, card: MSG.enterCard });
  });
});
