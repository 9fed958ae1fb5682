// What other features may use of checkout (docs/architecture.md "Web"): the member's saved cards,
// which the Saved Cards screen (app/routes) lists too [ACCT-14].
export { cardExpiry, getSavedCards, type SavedCard, useSavedCards } from './api/saved-cards';
