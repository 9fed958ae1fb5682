// One interface for text and picture messages; the sandbox keeps them in the outbox table, the real
// implementation sends them through Twilio. Chosen by config (DECISIONS.md "Sandbox mode").

export interface SentMessage {
  /** The provider's message id (Twilio's SID, or `sandbox-<id>`). */
  providerMessageId: string;
}

export interface MessagingProvider {
  readonly mode: 'sandbox' | 'live';
  sendSms(to: string, body: string): Promise<SentMessage>;
  sendMms(to: string, body: string, mediaUrl: string): Promise<SentMessage>;
}
