import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { SentMessageStatus } from '../db/schema.ts';
import { InvalidDataError } from '../domain/errors.ts';
import { applyProviderStatus, type StatusOutcome } from '../modules/messages/message-statuses.ts';
import { TWILIO_STATUS_PATH } from '../providers/messaging/twilio-messaging.ts';
import { parseTwilioForms, signedTwilioForm } from './twilio-forms.ts';
import { claimWebhookEvent } from './webhook-events.ts';

// [I15-webhooks] POST /webhooks/twilio/status: Twilio's message status callbacks (the statusCallback each
// message names when PUBLIC_URL is set, providers/messaging/twilio-messaging.ts).
// 1. 404 unless Twilio is configured (TWILIO_AUTH_TOKEN);
// 2. the form body must carry Twilio's X-Twilio-Signature over PUBLIC_URL + the path and the form's
//    fields (twilio.validateRequest), else 403;
// 3. once per MessageSid + MessageStatus (webhook_events 'twilio'), the message's status moves on —
//    never backwards (modules/messages/message-statuses.ts);
// 4. a message we did not record (not a shopper message, or another shop on the same account) is
//    answered 204 and ignored. Twilio is answered 204 with no body, at once.

/** Twilio's MessageStatus → ours; the statuses not listed (receiving, received, canceled, …) are ignored. */
const STATUS_OF: Readonly<Record<string, SentMessageStatus>> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  failed: 'failed',
  undelivered: 'undelivered',
};

export interface TwilioStatusDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

export type TwilioStatusResult =
  | { handled: 'replay' }
  | { handled: 'ignored'; reason: string }
  | (StatusOutcome & { handled: 'applied' });

/** Records one status callback of a message (in one transaction with its webhook_events row). */
export async function handleTwilioStatus(
  db: Db,
  callback: { sid: string; status: string; errorCode: string | null; at: Date },
): Promise<TwilioStatusResult> {
  const status = STATUS_OF[callback.status];
  if (!status) return { handled: 'ignored', reason: `status "${callback.status}" is not tracked` };
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('sent_messages')
      .select('id')
      .where('provider', '=', 'twilio')
      .where('provider_message_id', '=', callback.sid)
      .executeTakeFirst();
    // Not recorded as an event: should the message be recorded a moment later, a retry still counts.
    if (!known) return { handled: 'ignored' as const, reason: 'unknown message' };
    const id = `${callback.sid}:${callback.status}`;
    if (!(await claimWebhookEvent(trx, { provider: 'twilio', id, type: 'message_status' }))) {
      return { handled: 'replay' as const };
    }
    const final = status === 'failed' || status === 'undelivered';
    const outcome = await applyProviderStatus(trx, {
      provider: 'twilio',
      providerMessageId: callback.sid,
      status,
      errorCode: final ? callback.errorCode : null,
      at: callback.at,
    });
    return { handled: 'applied' as const, ...outcome };
  });
}

export async function registerTwilioStatusWebhook(
  app: FastifyInstance,
  deps: TwilioStatusDeps,
): Promise<void> {
  const { config, db, clock } = deps;
  await app.register(async (scope) => {
    // Twilio posts forms; only this route reads them.
    parseTwilioForms(scope);
    // Signed by Twilio and sent from its few addresses: not counted against one address's request budget.
    scope.post(TWILIO_STATUS_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      const form = signedTwilioForm(config, request, TWILIO_STATUS_PATH, 'A status callback');
      const sid = form.MessageSid ?? form.SmsSid;
      const status = form.MessageStatus ?? form.SmsStatus;
      if (!sid || !status) throw new InvalidDataError('MessageSid and MessageStatus are needed.');
      const result = await handleTwilioStatus(db, {
        sid,
        status,
        errorCode: form.ErrorCode || null,
        at: clock.now(),
      });
      if (result.handled === 'ignored') {
        request.log.info({ message_sid: sid, status, reason: result.reason }, 'twilio status: ignored');
      } else {
        request.log.info({ message_sid: sid, status, result }, 'twilio status: recorded');
      }
      return reply.status(204).send();
    });
  });
}
