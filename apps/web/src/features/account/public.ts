// What other parts of the app may use of the account (docs/architecture.md "Web"): the one call that
// puts the member's address book [API-31], which checkout's 'Save Address' uses too [CHK-12], and the
// pieces the Saved Cards screen (composed in app/, as it joins account and checkout) draws with.
// CardBrandLogo and QueryStatus bring the account stylesheet with them.
export { type SaveAddressesOptions, saveAddresses } from './api/save-addresses';
export { brandName, CardBrandLogo } from './components/card-brand-logo';
export { QueryStatus } from './components/query-status';
