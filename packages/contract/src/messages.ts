// Every user-facing text of SPEC.md, written once and imported wherever it is shown or checked.

export const MSG = {
  // §5 mobile popup
  validMobile: 'Please enter a valid mobile',
  validCode: 'Please enter a valid code',
  // §5 registration and address form
  fullName: 'Please enter your full name',
  validEmail: 'Please enter a valid email',
  missingStreet: 'Missing street address',
  missingSuburb: 'Missing suburb',
  missingState: 'Missing state',
  missingCountry: 'Missing country',
  missingPostcode: 'Missing postcode',
  acceptTerms: 'Please accept the terms and conditions',
  emailExists: 'The email you entered already exists',
  statePlaceholder: 'Enter State',
  // §5 payment
  enterCard: 'Please enter a Card for Payment',
  completeShipping: 'Please complete your shipping address',
  // §5 product
  selectColor: 'You must select a color',
  selectSize: 'You must select a size',
  selectGiftCardPrice: 'You must select a Gift Card price',
  // §5 gift card recipient form
  giftFirstname: 'Please enter a firstname',
  giftLastname: 'Please enter a lastname',
  giftMobile: 'Please enter a mobile',
  giftMessage: 'Please enter a message',
  giftReceiptMobile: 'Please enter a mobile for receipt',
  // §5 schedule
  pastDate: 'Date must not be in the past',
  // Texts SPEC.md does not give, for rules it implies (gift card message limit of §9, schedule inputs)
  giftMessageTooLong: 'Your message is too long: 160 characters at most, 70 with emoji or special characters',
  chooseTimezone: 'Please choose an Australian time zone',
  validDateTime: 'Please choose a valid date and time',
  // §8 error catalogue
  offline: "You're offline. Click the button below to refresh.",
  refresh: 'Refresh',
  somethingWentWrong: 'Something Went Wrong',
  unexpectedErrorTitle: 'Unexpected Error',
  unexpectedErrorText: 'An Unexpected Error has occured. Please try again later.',
  productNotExistsTitle: "Product doesn't exist.",
  productNotExistsText: 'The selected product does not exist.',
  productNotAvailable: 'Product that you are trying to add is not available.',
  qtyNotAvailable: 'The requested qty is not available',
  outOfStockTitle: 'Out of Stock',
  outOfStockText: 'Product is out of stock.',
  qtyNotAvailableTitle: 'Qty not Available',
  paymentError: 'There was an error processing your payment.',
  giftCardSaveErrorTitle: 'Error Processing',
  giftCardSaveErrorText:
    'We processed your order but were unable to send your Gift Card. Please contact support.',
  noProduct: 'No Product.',
  // §2 screens
  /** [TILE-02] Configurable products' tile price prefix: 'From $x'. */
  priceFrom: 'From',
  browseHeading: 'Browse Products',
  noMoreProducts: 'No More Products',
  pageNotFound: 'Page not found',
  cartTitle: 'Your Cart',
  cartEmpty: 'Cart is empty',
  expiredLinkTitle: 'Oops! Expired Link',
  reconfirmIdentity: 'Reconfirm Identity',
  registrationHeading: 'Registration',
  myAccount: 'My Account',
  viewOrder: 'View Order',
  thankYou: 'Thank You',
  validUntil: 'Valid Until: 3 Years From Send',
  notSet: 'NOT SET',
  showHideGiftCards: 'Show/Hide Gift Cards',
  welcomeAuthorisedVendor: 'is now an authorised vendor',
  welcomeOneTime: 'One time only Registration',
  welcomeNoPasswords: 'No username, passwords or logins',
  // §2 shared interface (header, side menu, footer, loader)
  menuTab: 'Menu',
  accountTab: 'Account',
  browse: 'Browse',
  signIn: 'Sign In',
  signOut: 'Sign Out',
  privacyPolicy: 'Privacy Policy',
  termsAndConditions: 'Terms & Conditions',
  fetchingCart: 'Fetching Cart...',
  offlineTitle: 'No Connection',
  close: 'Close',
  reloadPage: 'Reload Page',
  // §2 product tile and product page
  /** [TILE-04] The tile button (capital T, as SPEC.md writes it for tiles). */
  tileAddToCart: 'Add To Cart',
  /** [TILE-05, PDP-12] Gift cards, on the tile and the product page. */
  buyNow: 'Buy Now',
  /** [PDP-10] The product page button. */
  addToCart: 'Add to Cart',
  /** [PDP-11] The product page button when editing a cart line. */
  updateCart: 'Update Cart',
  /** [PDP-05] */
  inStock: 'In Stock',
  /** [PDP-05, TILE-06, ERR-16] */
  outOfStock: 'Out of Stock',
  // Catalogue screen labels SPEC.md does not give
  loadMore: 'Load more',
  loadingProducts: 'Loading products…',
  noProductsHere: 'No products here yet.',
  categoryHeading: 'Category',
  productHeading: 'Product',
  sellerHeading: 'Seller',
  categoryNotFound: 'We could not find that category.',
  sellerNotFound: 'We could not find that seller.',
  suppliedBy: 'Supplied by',
  visitShop: 'Visit the shop',
  quantity: 'Quantity',
  decreaseQuantity: 'Decrease quantity',
  increaseQuantity: 'Increase quantity',
  chooseGiftCardPrice: 'Choose an amount',
  shippingInfoTab: 'Shipping Info',
  sizingChartTab: 'Sizing Chart',
  faqTab: 'FAQ',
  skuLabel: 'SKU',
  productImages: 'Product images',
  showImage: 'Show image',
} as const;

export type MessageKey = keyof typeof MSG;
