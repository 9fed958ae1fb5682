// POST {ns}/savegiftcardscheduleddate {gift_card_details_id, scheduled_delivery, delivery_timezone}
// [API-40]: the wall time 'YYYY-MM-DD HH:mm:ss' in the zone (DECISIONS.md "Gift cards").
import { type GiftCardDetails, giftCardReplySchema, type scheduleBody } from '@quokka/contract/api/giftcards';
import type { z } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

export async function saveScheduledDate(
  id: number,
  scheduledDelivery: string,
  deliveryTimezone: string,
): Promise<GiftCardDetails> {
  const body: z.input<typeof scheduleBody> = {
    gift_card_details_id: id,
    scheduled_delivery: scheduledDelivery,
    delivery_timezone: deliveryTimezone,
  };
  const reply = await apiFetch(nsPath('savegiftcardscheduleddate'), {
    schema: giftCardReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
  return reply.data;
}
