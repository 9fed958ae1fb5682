import type { AdminSeller } from '@quokka/contract/api/sellers';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { liveStaffOfSeller } from '../staff/staff-of-seller.ts';

// [I32] The texts to a seller's live staff when an operator suspends the seller and when the suspension
// is lifted (docs/sellers.md). Queued in the outbox in the change's transaction (a suspension that
// commits always has its texts); the route sends them after its commit (outbox.sendNow). Transactional:
// no quiet hours, not counted against the marketing quota.

export const SELLER_SUSPENSION_PURPOSE = 'seller_suspension';

/** One line: a reason's new lines and runs of spaces become single spaces, a final full stop goes. */
const oneLine = (reason: string) => reason.replace(/\s+/g, ' ').trim().replace(/[.]+$/, '');

export function suspendedText(storeName: string, sellerName: string, reason: string): string {
  return `${storeName}: ${sellerName} is suspended from selling: ${oneLine(reason)}. Your products are hidden until the suspension is lifted.`;
}

export function liftedText(storeName: string, sellerName: string): string {
  return `${storeName}: ${sellerName} can sell again: your products are back in the shop.`;
}

export function sellerSuspensionTexts({ storeName, clock }: { storeName: string; clock: Clock }) {
  async function queue(trx: Db, seller: AdminSeller, event: string, at: string, body: string) {
    const ids: number[] = [];
    for (const member of await liveStaffOfSeller(trx, seller.id))
      ids.push(
        await enqueueMessage(
          trx,
          {
            kind: 'sms',
            to: member.mobile,
            purpose: SELLER_SUSPENSION_PURPOSE,
            body,
            key: `seller_${event}:${seller.id}:${at}:${member.mobile}`,
          },
          clock.now(),
        ),
      );
    return ids;
  }

  return {
    /** Queues the suspension's texts in `trx`; answers their outbox ids. */
    suspended: (trx: Db, seller: AdminSeller, reason: string) =>
      queue(
        trx,
        seller,
        'suspended',
        seller.suspended_at ?? clock.now().toISOString(),
        suspendedText(storeName, seller.name, reason),
      ),
    /** Queues the lifting's texts in `trx`; answers their outbox ids. */
    lifted: (trx: Db, seller: AdminSeller) =>
      queue(trx, seller, 'lifted', clock.now().toISOString(), liftedText(storeName, seller.name)),
  };
}
