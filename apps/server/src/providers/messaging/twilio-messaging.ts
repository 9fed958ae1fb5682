import twilio from 'twilio';
import type { MessagingProvider, SentMessage } from './messaging-provider.ts';

// Real text and picture messages through Twilio's Messages API, used when TWILIO_* keys are set.
// [I15-webhooks] With PUBLIC_URL set, each message asks Twilio to report its status to
// PUBLIC_URL/webhooks/twilio/status (webhooks/twilio-status.ts), which updates sent_messages.

/** Where Twilio posts message status callbacks, under PUBLIC_URL. */
export const TWILIO_STATUS_PATH = '/webhooks/twilio/status';

/** PUBLIC_URL + TWILIO_STATUS_PATH: the status callback URL, and the URL Twilio signs. */
export function twilioStatusCallbackUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${TWILIO_STATUS_PATH}`;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** Our sender: a number in E.164 or an alphanumeric sender id. */
  from: string;
  /** Passed to the Twilio client; tests give it an httpClient that talks to a local server. */
  clientOptions?: twilio.ClientOpts;
  /** [I15-webhooks] Twilio's status callback URL (twilioStatusCallbackUrl(PUBLIC_URL)); none without PUBLIC_URL. */
  statusCallback?: string | undefined;
}

/** The part of the Twilio client this provider uses, so tests can look at the requests it builds. */
export interface TwilioMessagesApi {
  messages: {
    create(params: {
      to: string;
      from: string;
      body: string;
      mediaUrl?: string[];
      statusCallback?: string;
    }): Promise<{ sid: string }>;
  };
}

export class TwilioMessaging implements MessagingProvider {
  readonly mode = 'live';
  readonly #client: TwilioMessagesApi;
  readonly #from: string;
  readonly #callback: { statusCallback?: string };

  constructor(options: TwilioOptions, client?: TwilioMessagesApi) {
    this.#client = client ?? twilio(options.accountSid, options.authToken, options.clientOptions);
    this.#from = options.from;
    this.#callback = options.statusCallback ? { statusCallback: options.statusCallback } : {};
  }

  async sendSms(to: string, body: string): Promise<SentMessage> {
    const message = await this.#client.messages.create({ to, from: this.#from, body, ...this.#callback });
    return { providerMessageId: message.sid };
  }

  async sendMms(to: string, body: string, mediaUrl: string): Promise<SentMessage> {
    const message = await this.#client.messages.create({
      to,
      from: this.#from,
      body,
      mediaUrl: [mediaUrl],
      ...this.#callback,
    });
    return { providerMessageId: message.sid };
  }
}
