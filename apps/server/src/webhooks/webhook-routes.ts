import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { InboundTexts } from '../modules/messages/inbound-texts.ts';
import type { OrderRefunds } from '../modules/orders/order-refunds.ts';
import { registerStripeWebhook } from './stripe-events.ts';
import { registerTwilioInboundWebhook } from './twilio-inbound.ts';
import { registerTwilioStatusWebhook } from './twilio-status.ts';

// [I15-webhooks] The providers' callbacks, at the root (not under /rest or /admin): Twilio's message
// statuses and Stripe's payment events. Each checks its provider's signature, answers 404 when that
// provider is not configured, and handles an event once (docs/webhooks.md).

export async function registerWebhooks(
  app: FastifyInstance,
  deps: { config: Config; db: Db; clock: Clock; refunds: OrderRefunds; inbound: InboundTexts },
): Promise<void> {
  await registerTwilioStatusWebhook(app, deps);
  // [I29] Texts shoppers send to the shop's number (keywords), answered through the outbox.
  await registerTwilioInboundWebhook(app, { config: deps.config, inbound: deps.inbound });
  await registerStripeWebhook(app, {
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    refunds: deps.refunds,
  });
}
