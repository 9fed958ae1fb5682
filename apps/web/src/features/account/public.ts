// What other parts of the app may use of the account (docs/architecture.md "Web"): the one call that
// puts the member's address book [API-31], which checkout's 'Save Address' uses too [CHK-12], and the
// pieces the Saved Cards screen (composed in app/, as it joins account and checkout) draws with, and
// the order pieces /success shows.
// CardBrandLogo and QueryStatus bring the account stylesheet with them.

// [I11-11] /success restates the order the way the order page shows it, and links to that page.
export { orderPath } from './account-paths';
export { type SaveAddressesOptions, saveAddresses } from './api/save-addresses';
export { AddressLines } from './components/address-lines';
export { brandName, CardBrandLogo } from './components/card-brand-logo';
export { cardText, OrderPaymentLine } from './components/order-payment';
export { QueryStatus } from './components/query-status';
