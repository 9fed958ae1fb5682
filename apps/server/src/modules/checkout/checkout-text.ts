import { CUSTOMER_TEXT } from '../customer/customer-service.ts';

// The checkout's refusals in the shopper's words, in one table: the shipping methods, placing the order
// and the member's orders all answer with them, and the tests match on them. The gift card's own
// refusals are GIFT_CARD_TEXT (checkout-gift-card.ts).

export const CHECKOUT_TEXT = {
  cartEmpty: 'Your cart is empty.',
  addressNotFound: CUSTOMER_TEXT.addressNotFound,
  orderNotFound: 'The order does not exist.',
  noOrder: 'There is no order to show yet.',
  shippingNotAvailable: 'The shipping method is not available for this cart.',
  noShippingMethod: 'No shipping method is available for this cart.',
  shippingPriceChanged: "The shipping method's price has changed. Please choose it again.",
  paymentMethodNotAvailable: 'The requested Payment Method is not available.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for another order. Please send a new key for a new order.',
  noActiveCart: 'There is no cart to order: it may have been ordered already.',
} as const;
