// [I29] The storefront's texts about sellers' offer texts (DECISIONS.md "Text campaigns and consent").
// Their own module rather than messages.ts: a module lands whole in one chunk, and messages.ts is in the
// first load of every page (docs/architecture.md "The JavaScript budget"); these are shown only by the
// checkout and account screens, which load on demand.

/**
 * [I29] The shopper's side of sellers' offer texts: the checkout box and My Account › Text offers
 * (the box's own words are `textOffersWords` in api/text-offers.ts).
 */
export const TEXT_OFFERS_MSG = {
  heading: 'Text offers',
  /** Under each checkout box: what ticking it means. */
  checkoutHint: 'Offers by text from this seller. Reply STOP or tap the link in any text to stop.',
  checkoutLegend: 'Offers by text',
  mobileLabel: 'Texts go to',
  sellersHeading: 'Sellers',
  about:
    'Switch a seller on and they may text you an offer now and then, with a link to the product. ' +
    'At most 2 offer texts a week from all sellers together, and never between 8pm and 6am your time. ' +
    'To stop, reply STOP to any offer text, tap the link at the end of it, or switch the seller off here. ' +
    'Texts about your orders, codes and gift cards still come.',
  pending: 'Waiting for your YES: reply YES to the text we sent to turn this on.',
  stoppedAll:
    'You replied STOP, so no seller can text you offers. Reply START to our number to get offers again.',
  on: 'On',
  off: 'Off',
  noSellers: 'There are no sellers to hear from yet.',
  notChanged: 'We could not change this. Please try again.',
} as const;
