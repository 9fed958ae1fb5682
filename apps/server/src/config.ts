import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { normaliseBsb } from '@quokka/contract/api/payouts';
import {
  type BusinessIdentity,
  formatAbn,
  isValidAbn,
  SANDBOX_IDENTITY,
} from '@quokka/contract/business-identity';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { type Clock, RunningTestClock, systemClock } from './clock.ts';

// Every setting the server reads, parsed once at start-up. A bad value stops start-up with one message
// that names every bad setting (DECISIONS.md "Operations"). Defaults are chosen so that `npm start` on a
// fresh machine gives a working storefront in sandbox mode.

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const flag = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : String(value).toLowerCase()),
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'must be 1/0, true/false or yes/no' })
    .optional()
    .transform((value) => value === '1' || value === 'true' || value === 'yes'),
);
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));
const absoluteUrl = () => z.url({ message: 'must be an absolute URL' });
const optionalUrl = z.preprocess(emptyToUndefined, absoluteUrl().optional());
// A support phone as people write it: digits with spaces, brackets, dashes or a leading +; 8 to 15 digits.
const supportPhone = z
  .string()
  .regex(/^\+?[\d ()-]+$/, 'must be a phone number such as 1300 975 707')
  .refine((phone) => /^\d{8,15}$/.test(phone.replace(/\D/g, '')), 'must have 8 to 15 digits');

// [I12-1] Which proxies' X-Forwarded-For to believe: none (`0`, the default), a hop count (`1` = one proxy
// in front; the client is the address that proxy appended, the right-most entry), or the proxies'
// addresses and CIDRs (`10.0.0.0/8,192.168.1.10`, or proxy-addr's `loopback`, `linklocal`,
// `uniquelocal`). `true`/`all` would believe the left-most entry, which any client writes itself, so it is
// refused. Fastify's `trustProxy` takes the number or the list as they are.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
};
const trustProxy = z.preprocess(
  (value) => (value === undefined || value === '' ? '0' : String(value).trim().toLowerCase()),
  z
    .string()
    .refine((value) => !['true', 'yes', 'all', 'on'].includes(value), {
      message:
        "no longer accepts true/all (it believes the client-written X-Forwarded-For): set the number of proxy hops (1) or the proxies' addresses/CIDRs",
    })
    .transform((value, ctx): false | number | string[] => {
      if (value === '0' || value === 'false' || value === 'no') return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a hop count (1) or proxy addresses/CIDRs such as 10.0.0.0/8 (not ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

/** `cdn.shopify.com, *.example.com` → ['cdn.shopify.com', '*.example.com']; `*` alone allows every host. */
const hostList = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value),
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((host) => host === '*' || /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host)),
      'must be host names separated by commas (cdn.example.com, *.example.com), or *',
    ),
);

// The media store, picture limits and picture URLs in imports (docs/media.md).
const mediaSettings = {
  /** fs (DATA_DIR/media), s3, or memory (tests and tools: nothing kept). */
  MEDIA_STORE: z.preprocess(emptyToUndefined, z.enum(['fs', 's3', 'memory']).default('fs')),
  MEDIA_S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ message: 'must be an absolute URL' }).optional()),
  MEDIA_S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  MEDIA_S3_BUCKET: optionalString,
  MEDIA_S3_ACCESS_KEY_ID: optionalString,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
  MEDIA_S3_FORCE_PATH_STYLE: flag,
  MEDIA_S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._/-]*\/$/, 'must end with "/" (shop/pictures/)')
      .optional(),
  ),
  /** The largest picture file taken in (an import's picture, a fetched URL). */
  MEDIA_MAX_BYTES: positiveInt(20 * 1024 * 1024),
  /** The most pixels (width × height) a picture may have: 50 MP covers any phone or DSLR photo. */
  MEDIA_MAX_PIXELS: positiveInt(50_000_000),
  /** How long an import waits for a picture URL, in milliseconds (connecting, redirects and body). */
  MEDIA_FETCH_TIMEOUT_MS: positiveInt(15_000),
  /** The hosts an import may fetch pictures from; empty: none (only files and data: URLs). */
  MEDIA_FETCH_HOSTS: hostList,
  /** Renditions made at the same time (each AVIF is 50–250 ms of one core). */
  MEDIA_RENDER_CONCURRENCY: positiveInt(1),
};

/** What is wrong with the media settings together. */
function mediaSettingProblems(settings: {
  MEDIA_STORE: string;
  MEDIA_S3_BUCKET?: string | undefined;
  MEDIA_S3_ACCESS_KEY_ID?: string | undefined;
  MEDIA_S3_SECRET_ACCESS_KEY?: string | undefined;
}): { path: string; message: string }[] {
  if (settings.MEDIA_STORE !== 's3') return [];
  const problems: { path: string; message: string }[] = [];
  if (!settings.MEDIA_S3_BUCKET)
    problems.push({ path: 'MEDIA_S3_BUCKET', message: 'is needed with MEDIA_STORE=s3' });
  if (Boolean(settings.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(settings.MEDIA_S3_SECRET_ACCESS_KEY)) {
    problems.push({
      path: 'MEDIA_S3_ACCESS_KEY_ID',
      message: 'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together',
    });
  }
  return problems;
}

// [I16-payouts] The operator's direct-entry (ABA/Cemtex) details for the payout file
// (docs/payouts-and-invoices.md). The defaults are a sandbox remitter that passes these checks; a live
// shop sets its bank's own values (the bank refuses a file with a wrong APCA user id).
const abaText = (max: number, fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .min(1)
      .max(max, `must be at most ${max} characters (the ABA file's field)`)
      .regex(/^[A-Za-z0-9 &'()+,./:-]+$/, "may use letters, digits, spaces and & ' ( ) + , . / : - only")
      .default(fallback),
  );
const abaSettings = {
  /** The operator's bank: its 3-letter APCA code (CBA, WBC, NAB, ANZ…). */
  ABA_BANK_CODE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'must be the 3-letter code of the bank, such as CBA, WBC, NAB or ANZ')
      .default('CBA'),
  ),
  /** The APCA direct entry user id the bank gave the operator: 6 digits. */
  ABA_USER_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6-digit APCA user id from the bank')
      .default('301500'),
  ),
  /** The user name the bank has on file for that id (26 characters at most). */
  ABA_USER_NAME: abaText(26, 'QUOKKA MARKETPLACE'),
  /** The operator's account the payments come from (the trace account, where returns go). */
  ABA_REMITTER_BSB: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((value) => normaliseBsb(value) !== null, 'must be a BSB: 6 digits, such as 062-000')
      .transform((value) => normaliseBsb(value) as string)
      .default('062-000'),
  ),
  ABA_REMITTER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5,9}$/, 'must be the account number: 5 to 9 digits')
      .default('12345678'),
  ),
  /** How the payments are shown on the sellers' bank statements (16 characters at most). */
  ABA_REMITTER_NAME: abaText(16, 'QUOKKA'),
};

const settingsSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('development'),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65_535).default(8080)),
    HOST: optionalString,
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    API_NAMESPACE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z][a-z0-9_-]*$/, 'must be lower-case letters, digits, - or _')
        .default('storefront'),
    ),
    STORE_NAME: z.preprocess(emptyToUndefined, z.string().max(40).default('Quokka')),
    MARKETING_URL: z.preprocess(emptyToUndefined, absoluteUrl().default('https://example.com/')),
    // Who runs the shop and how to reach support: the footer, /success, the terms and the texts show them.
    OPERATOR_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(80).optional()),
    OPERATOR_ABN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(isValidAbn, 'must be an ABN: 11 digits that pass the ABN check, e.g. 12 345 679 016')
        .transform(formatAbn)
        .optional(),
    ),
    SUPPORT_EMAIL: z.preprocess(
      emptyToUndefined,
      z.email({ message: 'must be an email address' }).optional(),
    ),
    SUPPORT_PHONE: z.preprocess(emptyToUndefined, supportPhone.optional()),
    ...abaSettings,
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    BODY_LIMIT_BYTES: positiveInt(1_048_576),
    RATE_LIMIT_PER_MINUTE: positiveInt(600),
    TRUST_PROXY: trustProxy,
    // [I12-1] The shop-wide SMS budget (http/sms-budget.ts): all texts in an hour, and to one number range.
    SMS_SENDS_PER_HOUR: positiveInt(300),
    SMS_SENDS_PER_PREFIX_PER_HOUR: positiveInt(30),
    OTP_SEND_INTERVAL_S: positiveInt(30),
    OTP_SENDS_PER_NUMBER_PER_HOUR: positiveInt(5),
    // [I12-5] Per address, sized for a carrier's shared NAT: the per-number limits and the SMS budget are
    // what stop a flood of texts; this stops one machine from spending that budget alone.
    OTP_SENDS_PER_ADDRESS_PER_HOUR: positiveInt(100),
    // [I12-13] Sign-in safety: email checks per verified-mobile token.
    EMAIL_CHECKS_PER_TOKEN_PER_HOUR: positiveInt(30),
    // Wrong codes: per number in a day, then one cool-down per further wrong code; per address an hour.
    OTP_FAILED_CONFIRMS_PER_NUMBER_PER_DAY: positiveInt(10),
    OTP_FAILED_CONFIRMS_COOLDOWN_S: positiveInt(3600),
    OTP_FAILED_CONFIRMS_PER_ADDRESS_PER_HOUR: positiveInt(100),
    // [I12-5] Budgets of the other abusable calls: registrations per address, order placements (a card
    // tried again and again) per member.
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: positiveInt(50),
    ORDER_PLACEMENTS_PER_MEMBER_PER_HOUR: positiveInt(30),
    // [I15-sessions] Back-office sessions end after this much idle time, and in any case this long after
    // sign-in (modules/staff/staff-sessions.ts).
    STAFF_SESSION_IDLE_MINUTES: positiveInt(30),
    STAFF_SESSION_MAX_HOURS: positiveInt(12),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_LIVE_PUBLISHABLE_KEY: optionalString,
    // [I15-webhooks] The signing secret of the Stripe webhook endpoint (whsec_…): POST /webhooks/stripe.
    STRIPE_WEBHOOK_SECRET: optionalString,
    LIVE_ORIGIN: optionalUrl,
    RECAPTCHA_SECRET: optionalString,
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_MIN_SCORE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(0.5)),
    GOOGLE_PLACES_KEY: optionalString,
    ALLOW_SANDBOX: flag,
    SEED_DEMO: z.preprocess(emptyToUndefined, flag.default(true)),
    WORKER: z.preprocess(emptyToUndefined, flag.default(true)),
    // [I15-review] Orders are approved (captured) at once after checkout (auto), or wait for an operator
    // (manual); under manual review an order waiting longer than REVIEW_FLAG_HOURS is flagged.
    ORDER_REVIEW: z.preprocess(emptyToUndefined, z.enum(['auto', 'manual']).default('auto')),
    // Under 144: an order is refused unreviewed 6 days (144 hours) after placing.
    REVIEW_FLAG_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(143).default(24)),
    // [I29] Text campaigns (docs/campaigns.md "Settings"). The estimated cost of a campaign counts each SMS
    // part at SMS_PRICE_CENTS: Twilio's list price for an Australian mobile is about 5.15 US cents a part
    // (8 AU cents), so 8 is the honest default; set your own rate. MARKETING_TEXTS_PER_WEEK caps the
    // marketing texts one mobile gets in 7 days, all sellers together; SMS_SENDS_PER_SECOND is the
    // campaign senders' rate across processes (sign-in codes keep SMS_SENDS_PER_HOUR); under manual review
    // an operator approves a seller's campaign before it sends.
    SMS_PRICE_CENTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(8)),
    MARKETING_TEXTS_PER_WEEK: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(100).default(2),
    ),
    SMS_SENDS_PER_SECOND: positiveInt(10),
    CAMPAIGN_REVIEW: z.preprocess(emptyToUndefined, z.enum(['auto', 'manual']).default('auto')),
    // [I30] Reply to buy (docs/reply-to-buy.md): the most one order bought by answering a text may cost, in
    // cents (grand total, delivery included); $300 by default.
    REPLY_TO_BUY_MAX_CENTS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(100).max(10_000_000).default(30_000),
    ),
    // [I31] Texts that go by themselves (docs/automations.md): a seller's cart-left-behind text goes this
    // many hours after the cart's last change, and the thank-you this many days after delivery is marked,
    // until the seller sets their own timing.
    CART_REMINDER_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(72).default(4)),
    THANK_YOU_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(90).default(14)),
    // [I32] Sellers run their own shop (docs/sellers.md). PRODUCT_REVIEW: a seller's new product is shown at
    // once (auto) or waits for an operator (manual; changes to an approved product's name, description or
    // photos wait too; prices and stock never do). SELLER_SUBSCRIPTION_CENTS: what each active seller pays a
    // month, GST-exclusive, on the first weekly statement of the month and the monthly tax invoice.
    PRODUCT_REVIEW: z.preprocess(emptyToUndefined, z.enum(['auto', 'manual']).default('auto')),
    SELLER_SUBSCRIPTION_CENTS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(10_000_000).default(0),
    ),
    // Production safety ([I12-4] dev routes, [I12-12] graceful stop, [I12-9] timeouts). /dev/* answers
    // only outside production, and then only to this machine unless DEV_ROUTES_REMOTE=1.
    DEV_ROUTES_REMOTE: flag,
    // A slow client must not hold a socket for ever: the whole request (headers and body) must arrive
    // within REQUEST_TIMEOUT_S (else 408 and the connection closes), its headers within
    // HEADERS_TIMEOUT_S; an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_S (above a load
    // balancer's usual 60 s, so the balancer closes first); connections beyond MAX_CONNECTIONS are closed.
    REQUEST_TIMEOUT_S: positiveInt(30),
    HEADERS_TIMEOUT_S: positiveInt(10),
    KEEP_ALIVE_TIMEOUT_S: positiveInt(72),
    MAX_CONNECTIONS: positiveInt(1000),
    // An ISO instant the server's clock starts at, then runs on from in real time: journeys that depend
    // on the hour (gift card schedules, quiet hours) run the same whenever they are run.
    TEST_CLOCK: z.preprocess(
      emptyToUndefined,
      z.iso
        .datetime({ offset: true, message: 'must be an ISO instant such as 2026-11-21T09:00:00+11:00' })
        .optional(),
    ),
    // [I13-hotpath] Request log lines of successful catalogue reads (logger.ts): a sample (the default),
    // all of them, or none. Errors, 4xx/5xx and every other request are always logged.
    LOG_CATALOGUE_READS: z.preprocess(emptyToUndefined, z.enum(['sample', 'all', 'off']).default('sample')),
    LOG_CATALOGUE_SAMPLE_RATE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(0.01)),
    ...mediaSettings,
  })
  .superRefine((settings, ctx) => {
    for (const problem of mediaSettingProblems(settings)) {
      ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }
    if (settings.NODE_ENV === 'production' && settings.TEST_CLOCK) {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'is refused with NODE_ENV=production' });
    }
    if (settings.HEADERS_TIMEOUT_S > settings.REQUEST_TIMEOUT_S) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_S'],
        message: 'must not be more than REQUEST_TIMEOUT_S',
      });
    }
    const twilio = [settings.TWILIO_ACCOUNT_SID, settings.TWILIO_AUTH_TOKEN, settings.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
      });
    }
    if (settings.RECAPTCHA_SECRET && !settings.RECAPTCHA_SITE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SITE_KEY'],
        message: 'is needed with RECAPTCHA_SECRET',
      });
    }
    if (settings.STRIPE_SECRET_KEY && !settings.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'is needed with STRIPE_SECRET_KEY',
      });
    }
  });

export type Settings = z.infer<typeof settingsSchema>;

export type ProviderMode = 'sandbox' | 'live';

export interface Config extends Omit<Settings, 'HOST'> {
  /** HOST, or by default every interface in production and this machine only elsewhere. */
  HOST: string;
  /** Which providers run in sandbox mode (DECISIONS.md "Sandbox mode"). */
  providers: { messaging: ProviderMode; payments: ProviderMode; captcha: ProviderMode; places: ProviderMode };
  /** True when any provider runs in sandbox mode: /dev routes and start-up code printing are on. */
  sandbox: boolean;
  /** The operator and its support contact; the sandbox identity fills what is not set outside production. */
  identity: BusinessIdentity;
  dataDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads `.env` from the working directory (if present) under the real environment, which wins. */
export function environmentWithDotenv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()) {
  const path = resolve(cwd, '.env');
  if (!existsSync(path)) return env;
  return { ...parseDotenv(readFileSync(path)), ...env };
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'settings';
      const value = env[name];
      const shown = value === undefined || /SECRET|TOKEN|KEY|PASSWORD/.test(name) ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const settings = parsed.data;
  const providers = {
    messaging: settings.TWILIO_ACCOUNT_SID ? 'live' : 'sandbox',
    payments: settings.STRIPE_SECRET_KEY ? 'live' : 'sandbox',
    captcha: settings.RECAPTCHA_SECRET ? 'live' : 'sandbox',
    places: settings.GOOGLE_PLACES_KEY ? 'live' : 'sandbox',
  } as const;
  const sandbox = Object.values(providers).includes('sandbox');
  if (settings.NODE_ENV === 'production' && sandbox && !settings.ALLOW_SANDBOX) {
    const missing = Object.entries(providers)
      .filter(([, mode]) => mode === 'sandbox')
      .map(([name]) => name);
    throw new ConfigError([
      `NODE_ENV=production refuses sandbox providers (${missing.join(', ')}): set their keys, or ALLOW_SANDBOX=1`,
    ]);
  }
  return {
    ...settings,
    HOST: settings.HOST ?? (settings.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    providers,
    sandbox,
    identity: identityOf(settings),
    dataDir: resolve(settings.DATA_DIR),
  };
}

/**
 * The operator's identity from the settings. A live shop (production without ALLOW_SANDBOX) must name
 * itself: a made-up ABN or support address on a real receipt would mislead. Elsewhere the sandbox
 * identity fills the gaps; a support email or phone given alone stands alone.
 */
function identityOf(settings: Settings): BusinessIdentity {
  const contactGiven = Boolean(settings.SUPPORT_EMAIL || settings.SUPPORT_PHONE);
  if (settings.NODE_ENV === 'production' && !settings.ALLOW_SANDBOX) {
    const missing = [
      settings.OPERATOR_NAME ? null : 'OPERATOR_NAME',
      settings.OPERATOR_ABN ? null : 'OPERATOR_ABN',
      contactGiven ? null : 'SUPPORT_EMAIL or SUPPORT_PHONE',
    ].filter((name) => name !== null);
    if (missing.length > 0) {
      throw new ConfigError([`NODE_ENV=production needs the operator's identity: set ${missing.join(', ')}`]);
    }
  }
  return {
    tradingName: settings.OPERATOR_NAME ?? SANDBOX_IDENTITY.tradingName,
    abn: settings.OPERATOR_ABN ?? SANDBOX_IDENTITY.abn,
    supportEmail: contactGiven ? (settings.SUPPORT_EMAIL ?? null) : SANDBOX_IDENTITY.supportEmail,
    supportPhone: contactGiven ? (settings.SUPPORT_PHONE ?? null) : SANDBOX_IDENTITY.supportPhone,
  };
}

/** The server's clock: the system clock, or with TEST_CLOCK one that started at that instant. */
export function clockFor(config: Pick<Config, 'TEST_CLOCK'>): Clock {
  if (!config.TEST_CLOCK) return systemClock;
  return new RunningTestClock(config.TEST_CLOCK);
}
