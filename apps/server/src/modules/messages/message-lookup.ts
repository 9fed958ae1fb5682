import twilio from 'twilio';
import type { SandboxMessaging } from '../../providers/messaging/sandbox-messaging.ts';

// After a worker died (or a provider call failed) between recording a message's intent and recording
// its result, nobody knows whether the message went out. Before sending it again the outbox's sender asks
// the provider for a message to that number carrying the row's reference (modules/messages/outbox.ts).

export interface SentMessageQuery {
  to: string;
  kind: 'sms' | 'mms';
  /** Text the message body contains: the row's reference line. */
  reference: string;
  /**
   * Provider ids already recorded for other messages: not the one asked about, even with the same text (a
   * gift card's picture message sent again by the console carries the first one's reference line).
   */
  exclude?: readonly string[];
}

export interface MessageLookup {
  /** The provider's id of a message already sent that matches, or undefined. */
  findSent(query: SentMessageQuery): Promise<string | undefined>;
}

/** Sandbox: the outbox table, newest first (the messages of the last days are what a recovery needs). */
export class OutboxLookup implements MessageLookup {
  constructor(
    private readonly outbox: SandboxMessaging,
    private readonly depth = 5_000,
  ) {}

  async findSent({ to, kind, reference, exclude = [] }: SentMessageQuery): Promise<string | undefined> {
    const known = new Set(exclude);
    const messages = await this.outbox.list(this.depth);
    const found = messages.find(
      (message) =>
        message.to === to &&
        message.kind === kind &&
        message.body.includes(reference) &&
        !known.has(`sandbox-${message.id}`),
    );
    return found ? `sandbox-${found.id}` : undefined;
  }
}

/** The part of Twilio's Messages API a lookup needs, so tests can stand in for it. */
export interface TwilioMessageList {
  messages: {
    list(params: {
      to: string;
      limit: number;
    }): Promise<{ sid: string; body: string | null; numMedia: string | null; status: string }[]>;
  };
}

/** Twilio: the newest messages to the number (its Messages API has no idempotency key for sends). */
export class TwilioLookup implements MessageLookup {
  readonly #client: TwilioMessageList;

  constructor(options: { accountSid: string; authToken: string }, client?: TwilioMessageList) {
    this.#client = client ?? twilio(options.accountSid, options.authToken);
  }

  async findSent({ to, kind, reference, exclude = [] }: SentMessageQuery): Promise<string | undefined> {
    const known = new Set(exclude);
    const messages = await this.#client.messages.list({ to, limit: 200 });
    const found = messages.find(
      (message) =>
        (message.body ?? '').includes(reference) &&
        !known.has(message.sid) &&
        Number(message.numMedia ?? '0') > 0 === (kind === 'mms') &&
        // Twilio could not send these at all: sending again is right.
        message.status !== 'failed' &&
        message.status !== 'canceled',
    );
    return found?.sid;
  }
}
