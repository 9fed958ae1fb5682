import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type CaptchaProvider, SandboxCaptcha } from './captcha/captcha-provider.ts';
import { RecaptchaCaptcha } from './captcha/recaptcha.ts';
import type { MessagingProvider } from './messaging/messaging-provider.ts';
import { SandboxMessaging } from './messaging/sandbox-messaging.ts';
import { TwilioMessaging, twilioStatusCallbackUrl } from './messaging/twilio-messaging.ts';
import type { PaymentsProvider } from './payments/payments-provider.ts';
import { SandboxPayments } from './payments/sandbox-payments.ts';
import { createStripeClient, StripePayments } from './payments/stripe-payments.ts';
import { GooglePlaces } from './places/google-places.ts';
import type { PlacesProvider } from './places/places-provider.ts';
import { SandboxPlaces } from './places/sandbox-places.ts';

export interface Providers {
  messaging: MessagingProvider;
  /** Present when messaging runs in sandbox mode: the outbox behind /dev/messages. */
  outbox?: SandboxMessaging;
  captcha: CaptchaProvider;
  places: PlacesProvider;
  /** Cards: the sandbox (Stripe's test ids) without STRIPE_SECRET_KEY, Stripe with it. */
  payments: PaymentsProvider;
}

export interface ProviderOptions {
  /** Where live providers report that their service could not be reached (never with secrets). */
  warn?: (message: string) => void;
}

/** Each provider in the mode config chose: sandbox without keys, the real service with them. */
export function createProviders(config: Config, db: Db, options: ProviderOptions = {}): Providers {
  const outbox = config.providers.messaging === 'sandbox' ? new SandboxMessaging(db) : undefined;
  const messaging =
    outbox ??
    new TwilioMessaging({
      accountSid: config.TWILIO_ACCOUNT_SID ?? '',
      authToken: config.TWILIO_AUTH_TOKEN ?? '',
      from: config.TWILIO_FROM ?? '',
      statusCallback: config.PUBLIC_URL ? twilioStatusCallbackUrl(config.PUBLIC_URL) : undefined,
    });
  const captcha =
    config.providers.captcha === 'live' && config.RECAPTCHA_SECRET
      ? new RecaptchaCaptcha({
          secret: config.RECAPTCHA_SECRET,
          minScore: config.RECAPTCHA_MIN_SCORE,
          onError: options.warn,
        })
      : new SandboxCaptcha();
  const places =
    config.providers.places === 'live' && config.GOOGLE_PLACES_KEY
      ? new GooglePlaces({ key: config.GOOGLE_PLACES_KEY, onError: options.warn })
      : new SandboxPlaces(db);
  const payments =
    config.providers.payments === 'live' && config.STRIPE_SECRET_KEY
      ? new StripePayments(createStripeClient(config.STRIPE_SECRET_KEY))
      : new SandboxPayments();
  return { messaging, ...(outbox ? { outbox } : {}), captcha, places, payments };
}

/** One line per provider for the start-up log, so nobody mistakes a sandbox for production. */
export function describeProviders(config: Config): string {
  const names = { messaging: 'Twilio', payments: 'Stripe', captcha: 'reCAPTCHA', places: 'Google Places' };
  return Object.entries(config.providers)
    .map(([name, mode]) => `${name}: ${mode === 'sandbox' ? 'SANDBOX' : names[name as keyof typeof names]}`)
    .join(', ');
}
