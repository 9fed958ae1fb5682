import twilio from 'twilio';
import type { MessagingProvider, SentMessage } from './messaging-provider.ts';

// Real text and picture messages through Twilio's Messages API, used when TWILIO_* keys are set.

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** Our sender: a number in E.164 or an alphanumeric sender id. */
  from: string;
  /** Passed to the Twilio client; tests give it an httpClient that talks to a local server. */
  clientOptions?: twilio.ClientOpts;
}

/** The part of the Twilio client this provider uses, so tests can look at the requests it builds. */
export interface TwilioMessagesApi {
  messages: {
    create(params: { to: string; from: string; body: string; mediaUrl?: string[] }): Promise<{ sid: string }>;
  };
}

export class TwilioMessaging implements MessagingProvider {
  readonly mode = 'live';
  readonly #client: TwilioMessagesApi;
  readonly #from: string;

  constructor(options: TwilioOptions, client?: TwilioMessagesApi) {
    this.#client = client ?? twilio(options.accountSid, options.authToken, options.clientOptions);
    this.#from = options.from;
  }

  async sendSms(to: string, body: string): Promise<SentMessage> {
    const message = await this.#client.messages.create({ to, from: this.#from, body });
    return { providerMessageId: message.sid };
  }

  async sendMms(to: string, body: string, mediaUrl: string): Promise<SentMessage> {
    const message = await this.#client.messages.create({ to, from: this.#from, body, mediaUrl: [mediaUrl] });
    return { providerMessageId: message.sid };
  }
}
