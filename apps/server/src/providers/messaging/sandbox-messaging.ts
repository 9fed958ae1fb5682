import type { Db } from '../../db/database.ts';
import type { MessagingProvider, SentMessage } from './messaging-provider.ts';

export interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  media_url: string | null;
  created_at: string;
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
    return rows.map((row) => ({
      id: row.id,
      to: row.to_number,
      kind: row.kind,
      body: row.body,
      media_url: row.media_url,
      created_at: row.created_at.toISOString(),
    }));
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
