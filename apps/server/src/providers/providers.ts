import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { MessagingProvider } from './messaging/messaging-provider.ts';
import { SandboxMessaging } from './messaging/sandbox-messaging.ts';

export interface Providers {
  messaging: MessagingProvider;
  /** Present in sandbox mode: the outbox behind /dev/messages. */
  outbox?: SandboxMessaging;
}

export function createProviders(config: Config, db: Db): Providers {
  const outbox = new SandboxMessaging(db);
  if (config.providers.messaging === 'live') {
    // The Twilio implementation arrives with sign-in (issue 4); until then keys are refused rather than
    // silently ignored.
    throw new Error('TWILIO_* keys are set, but live messaging is not available in this build yet');
  }
  return { messaging: outbox, outbox };
}

/** One line per provider for the start-up log, so nobody mistakes a sandbox for production. */
export function describeProviders(config: Config): string {
  const names = { messaging: 'Twilio', payments: 'Stripe', captcha: 'reCAPTCHA', places: 'Google Places' };
  return Object.entries(config.providers)
    .map(([name, mode]) => `${name}: ${mode === 'sandbox' ? 'SANDBOX' : names[name as keyof typeof names]}`)
    .join(', ');
}
