// Business constants of SPEC.md §9, written once for the server and the web app.

/** [CONST-01] Product lists are paged by 10. */
export const PAGE_SIZE = 10;

/** [CONST-02] Quantity changes in the cart are debounced by 1 second. */
export const QTY_DEBOUNCE_MS = 1_000;

/** [CONST-03] The mobile popup shows its success message for 2 seconds. */
export const MOBILE_POPUP_SUCCESS_MS = 2_000;

/** [CONST-04] The client keeps the sign-in token for 3,300,000 ms (55 minutes). */
export const TOKEN_LIFETIME_MS = 3_300_000;

/** The server keeps a customer bearer token for 60 minutes (DECISIONS.md "Sign-in"). */
export const SERVER_TOKEN_LIFETIME_S = 60 * 60;

/** [CONST-05] The checkout 'Confirm in' countdown starts at 180 seconds. */
export const CHECKOUT_COUNTDOWN_S = 180;

/** [CONST-07] Short descriptions are cut at 20 characters plus an ellipsis. */
export const SHORT_DESC_LENGTH = 20;

/** [CONST-08] Gift card tile image height as a fraction of its width. */
export const GIFT_CARD_TILE_RATIO = 0.62;

/** [CONST-09] Other tiles' image height as a fraction of their width. */
export const PRODUCT_TILE_RATIO = 1.2;

/** [CONST-10] Gift card image width in the checkout summary, in CSS pixels. */
export const CHECKOUT_GIFT_CARD_IMAGE_PX = 150;

/** [CONST-11] The smallest quantity a cart line can hold. */
export const CART_MIN_QTY = 1;

/** [CONST-14..16] Fixed configurable option ids. */
export const OPTION_ID = { color: 93, size: 141, gift_card_price: 216 } as const;
export type OptionCode = keyof typeof OPTION_ID;

/** [CONST-17, CONST-18] Registration store and website. */
export const REGISTRATION_STORE_ID = 19;
export const REGISTRATION_WEBSITE_ID = 1;

/** [CONST-19, CONST-20] The alternate listing's store and currency. */
export const LISTING_STORE_ID = 1;
export const LISTING_CURRENCY = 'AUD';

/** [CONST-21] The only country. */
export const COUNTRY_ID = 'AU';
export const COUNTRY_NAME = 'Australia';

/** [CONST-22] The default delivery time zone. */
export const DEFAULT_TIMEZONE = 'Australia/Sydney';

/** [CONST-24, CONST-25] One gift card message part: 160 GSM-7 characters, 70 Unicode. */
export const SMS_GSM_SINGLE = 160;
export const SMS_GSM_PART = 153;
export const SMS_UNICODE_SINGLE = 70;
export const SMS_UNICODE_PART = 67;

/** [CONST-26] A gift card is valid for 3 years from sending. */
export const GIFT_CARD_VALID_YEARS = 3;

/** [CONST-27] Quiet hours: nothing is sent from 20:00 until 06:00 in the card's zone. */
export const QUIET_HOURS = { startHour: 20, endHour: 6 } as const;

/** Gift card numbers have 16 digits (DECISIONS.md "Gift cards"). */
export const GIFT_CARD_NUMBER_LENGTH = 16;

/** One-time codes (DECISIONS.md "Sign-in"). */
export const OTP_LENGTH = 6;
export const OTP_TTL_S = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

/** Verified-mobile tokens live 30 minutes; sign-in links 7 days by default. */
export const VERIFIED_MOBILE_TOKEN_TTL_S = 30 * 60;
export const LINK_TOKEN_TTL_S = 7 * 24 * 60 * 60;

/** Terms figures of SPEC.md §9, shown in the legal pages and used by the vendor reconciliation. */
export const TERMS = {
  /** [BIZ-01] */ serviceFeePercent: 2.9,
  /** [BIZ-02] */ commissionPercent: 3.1,
  /** [BIZ-03] */ reconciliationDays: 7,
  /** [BIZ-03] */ reconciliationEnds: 'Monday 11:59am',
  /** [BIZ-04] */ remittanceBusinessDays: 2,
  /** [BIZ-05] */ taxInvoiceDaysAfterMonthEnd: 14,
  /** [BIZ-06] */ chargebackMonths: 3,
  /** [BIZ-07] */ liabilityCapDollars: 1,
  /** [BIZ-08] */ termsChangeNoticeDays: 30,
  /** [BIZ-09] */ subProcessorNoticeDays: 5,
  /** [BIZ-10] */ auditNoticeDays: 5,
  /** [BIZ-11] */ dpaTerminationNoticeMonths: 1,
  /** [BIZ-12] */ dpaSurvivalYears: 2,
  /** [CONST-27] */ quietHours: '8pm to 6am',
} as const;
