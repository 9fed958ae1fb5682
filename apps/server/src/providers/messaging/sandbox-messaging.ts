import type { Db } from '../../db/database.ts';
import type { MessagingProvider, SentMessage } from './messaging-provider.ts';

export interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  media_url: string | null;
  created_at: string;
  /** [I15-messages] What the sandbox reports for it: delivered, or undelivered to the failing number. */
  status: 'delivered' | 'undelivered';
  error_code: string | null;
}

/**
 * [I15-messages] The sandbox's failing number: ACMA's fiction range (0491 570 110), never a real phone.
 * A message to it is accepted, then reported 'undelivered' with Twilio's error 30003 ("unreachable
 * destination handset"): how tests and the demo make a failed picture message.
 */
export const SANDBOX_UNDELIVERABLE_MOBILE = '+61491570110';
export const SANDBOX_UNDELIVERABLE_ERROR = '30003';

/** [I15-messages] The sandbox reports at once: delivered, except to the failing number. */
export function sandboxDeliveryStatus(to: string): {
  status: 'delivered' | 'undelivered';
  errorCode: string | null;
} {
  return to === SANDBOX_UNDELIVERABLE_MOBILE
    ? { status: 'undelivered', errorCode: SANDBOX_UNDELIVERABLE_ERROR }
    : { status: 'delivered', errorCode: null };
}

/** Keeps every message in `outbox_messages`, where /dev/messages shows it. */
export class SandboxMessaging implements MessagingProvider {
  readonly mode = 'sandbox';

  constructor(private readonly db: Db) {}

  sendSms(to: string, body: string): Promise<SentMessage> {
    return this.#store(to, 'sms', body, null);
  }

  sendMms(to: string, body: string, mediaUrl: string): Promise<SentMessage> {
    return this.#store(to, 'mms', body, mediaUrl);
  }

  async list(limit = 200): Promise<OutboxMessage[]> {
    const rows = await this.db
      .selectFrom('outbox_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const outcome = sandboxDeliveryStatus(row.to_number);
      return {
        id: row.id,
        to: row.to_number,
        kind: row.kind,
        body: row.body,
        media_url: row.media_url,
        created_at: row.created_at.toISOString(),
        status: outcome.status,
        error_code: outcome.errorCode,
      };
    });
  }

  async #store(to: string, kind: 'sms' | 'mms', body: string, mediaUrl: string | null): Promise<SentMessage> {
    const row = await this.db
      .insertInto('outbox_messages')
      .values({ to_number: to, kind, body, media_url: mediaUrl })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { providerMessageId: `sandbox-${row.id}` };
  }
}
