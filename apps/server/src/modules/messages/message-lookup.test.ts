import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../db/database.ts';
import { SandboxMessaging } from '../../providers/messaging/sandbox-messaging.ts';
import { OutboxLookup, TwilioLookup, type TwilioMessageList } from './message-lookup.ts';

// Recovery after a worker died mid-send asks the provider whether the message went out
// (docs/gift-cards.md, "Exactly once"): by number, kind and the card's reference line.

describe('OutboxLookup (sandbox)', () => {
  it('finds the message to that number carrying the reference, of the right kind', async () => {
    const database = await openTestDatabase();
    try {
      const outbox = new SandboxMessaging(database.db);
      await outbox.sendSms('+61412000001', 'Your receipt. Ref R-ABC');
      const sent = await outbox.sendMms('+61412000001', 'Your gift card. Ref G-ABC', 'https://x/p.png');
      const lookup = new OutboxLookup(outbox);
      expect(await lookup.findSent({ to: '+61412000001', kind: 'mms', reference: 'Ref G-ABC' })).toBe(
        sent.providerMessageId,
      );
      expect(
        await lookup.findSent({ to: '+61412000002', kind: 'mms', reference: 'Ref G-ABC' }),
      ).toBeUndefined();
      expect(
        await lookup.findSent({ to: '+61412000001', kind: 'sms', reference: 'Ref G-ABC' }),
      ).toBeUndefined();
      expect(
        await lookup.findSent({ to: '+61412000001', kind: 'mms', reference: 'Ref G-XYZ' }),
      ).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

describe('TwilioLookup', () => {
  function fakeTwilio(
    messages: { sid: string; body: string | null; numMedia: string | null; status: string }[],
  ): TwilioMessageList & { asked: { to: string; limit: number }[] } {
    const asked: { to: string; limit: number }[] = [];
    return {
      asked,
      messages: {
        list: async (params) => {
          asked.push(params);
          return messages;
        },
      },
    };
  }

  it('lists recent messages to the number and matches the reference and whether it carried media', async () => {
    const client = fakeTwilio([
      { sid: 'SM-receipt', body: 'Receipt. Ref R-K1', numMedia: '0', status: 'delivered' },
      { sid: 'MM-card', body: 'Gift card. Ref G-K1', numMedia: '1', status: 'sent' },
    ]);
    const lookup = new TwilioLookup({ accountSid: 'AC', authToken: 't' }, client);
    expect(await lookup.findSent({ to: '+61412000001', kind: 'mms', reference: 'Ref G-K1' })).toBe('MM-card');
    expect(await lookup.findSent({ to: '+61412000001', kind: 'sms', reference: 'Ref R-K1' })).toBe(
      'SM-receipt',
    );
    expect(await lookup.findSent({ to: '+61412000001', kind: 'sms', reference: 'Ref G-K1' })).toBeUndefined();
    expect(client.asked[0]).toMatchObject({ to: '+61412000001' });
  });

  it('a message Twilio could not send at all does not count as sent', async () => {
    const client = fakeTwilio([{ sid: 'MM-failed', body: 'Ref G-K2', numMedia: '1', status: 'failed' }]);
    const lookup = new TwilioLookup({ accountSid: 'AC', authToken: 't' }, client);
    expect(await lookup.findSent({ to: '+61412000001', kind: 'mms', reference: 'Ref G-K2' })).toBeUndefined();
  });
});
