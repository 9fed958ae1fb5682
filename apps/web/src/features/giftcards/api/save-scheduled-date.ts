// POST {ns}/savegiftcardscheduleddate {gift_card_details_id, scheduled_delivery, delivery_timezone}
// [API-40]: the wall time 'YYYY-MM-DD HH:mm:ss' in the zone (DECISIONS.md "Gift cards").
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { GiftCardDetails, GiftCardReply } from './gift-card-wire';

export async function saveScheduledDate(
  id: number,
  scheduledDelivery: string,
  deliveryTimezone: string,
): Promise<GiftCardDetails> {
  const reply = await apiFetch<GiftCardReply>(nsPath('savegiftcardscheduleddate'), {
    method: 'POST',
    auth: true,
    body: {
      gift_card_details_id: id,
      scheduled_delivery: scheduledDelivery,
      delivery_timezone: deliveryTimezone,
    },
  });
  return reply.data;
}
