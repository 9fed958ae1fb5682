// Shopper-facing texts of the catalogue screens that SPEC.md does not give (the §2/§5/§8 ones live in
// @quokka/contract/messages).
export const CATALOG_TEXT = {
  /** The product page when the product call got no reply or a server fault (not a missing product). */
  productLoadFailedTitle: "This product didn't load",
  productLoadFailedOffline: "We couldn't reach the shop. Check your connection, then try again.",
  productLoadFailedServer: 'Something went wrong on our side. Please try again in a moment.',
  retrying: 'Trying again…',
  /** The seller profile, reached when the checkout countdown ends [CHKF-09]. */
  checkoutTimedOutHint: 'Keep browsing, or open your cart when you are ready to check out.',
  viewCart: 'View cart',
} as const;
