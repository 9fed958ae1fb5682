// What other features may use of checkout (docs/architecture.md "Web"): the member's saved cards,
// which the Saved Cards screen (app/routes) lists too [ACCT-14], and why a shopper was sent from
// checkout to the seller profile (the countdown ran out), for that page to say.
export {
  cardExpiry,
  getSavedCards,
  type SavedCard,
  savedCardNumber,
  useSavedCards,
} from './api/saved-cards';
export { type CheckoutTimedOutState, checkoutTimedOutNotice } from './checkout-timeout';
