import { automationText, fillAutomationMessage } from '@quokka/contract/api/automations';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MessageRenderers, OutboxRow, RenderOutcome } from '../messages/outbox.ts';
import { AUTOMATION_PURPOSE } from './automation-sends.ts';
import { takeWeeklyQuota } from './campaign-renderer.ts';
import { marketingAllowed, optOutCodeFor } from './consent.ts';

// [I31] The 'automation' renderer (docs/automations.md "Sending"): an automated text is written when the
// outbox claims it, after every rule that may have changed since it was queued, in this order:
// 1. the send is still 'queued' (else nothing); its seller's automation of that flow is still on (else the
//    send is 'cancelled');
// 2. a STOP holds the number → 'skipped_opted_out';
// 3. consent: the cart reminder and the thank-you need the seller's marketing consent
//    (marketingAllowed); back in stock needs its stock alert still 'queued' (the one-item consent; an
//    alert cancelled meanwhile → 'cancelled');
// 4. the cart reminder only: the cart still active and not empty, and no order by the member since the
//    cart's last change → else 'cancelled';
// 5. the weekly cap shared with campaigns (the same marketing_quota rows and lock) → else 'skipped_cap';
// 6. the text: automationText() with the seller's words filled in ({product}, {items}), the /t/<code> link
//    (none for a thank-you without product) and the /u/<code> opt-out (the consent's code when one exists
//    for (mobile, seller), else the send's own code: a back-in-stock ask without consent);
//    afterSend marks the send 'sent' with its outbox row, in the transaction that records the row sent.

export interface AutomationRendererDeps {
  publicUrl: string;
  perWeek: number;
}

type Stopped = 'skipped_opted_out' | 'skipped_cap' | 'cancelled';

async function markSend(db: Db, sendId: number, state: Stopped) {
  await db
    .updateTable('automation_sends')
    .set({ state })
    .where('id', '=', sendId)
    .where('state', '=', 'queued')
    .execute();
}

/** The name a text gives an item: the product's, or a child's parent's with its options ('Mug (Blue, L)'). */
export async function itemName(db: Db, productId: number): Promise<string | null> {
  const row = await db
    .selectFrom('products as p')
    .leftJoin('products as parent', 'parent.id', 'p.parent_id')
    .leftJoin('option_values as oc', 'oc.id', 'p.color_id')
    .leftJoin('option_values as oz', 'oz.id', 'p.size_id')
    .select(['p.name', 'parent.name as parent_name', 'oc.title as colour', 'oz.title as size'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.parent_name === null) return row.name;
  const options = [row.colour, row.size].filter((part) => part).join(', ');
  return options ? `${row.parent_name} (${options})` : row.parent_name;
}

/** 'A', 'A and B', 'A and 2 more'. */
export function itemsPhrase(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]} and ${names.length - 1} more`;
}

/** The names of the cart's lines of that seller, oldest line first. */
async function cartItemNames(db: Db, cartId: number, sellerId: number): Promise<string[]> {
  const lines = await db
    .selectFrom('cart_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select('i.product_id')
    .where('i.cart_id', '=', cartId)
    .where('p.seller_id', '=', sellerId)
    .orderBy('i.id')
    .execute();
  const names: string[] = [];
  for (const line of lines) {
    const name = await itemName(db, line.product_id);
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Whether the cart is still worth a reminder: active, with this seller's items, and no order since its last change. */
async function cartStillLeft(db: Db, cartId: number, sellerId: number): Promise<boolean> {
  const cart = await db
    .selectFrom('carts')
    .select(['id', 'customer_id', 'status', 'updated_at'])
    .where('id', '=', cartId)
    .executeTakeFirst();
  if (cart?.status !== 'active') return false;
  const lines = await sql<{ n: string }>`select count(*) as n from cart_items i
    join products p on p.id = i.product_id where i.cart_id = ${cartId} and p.seller_id = ${sellerId}`.execute(
    db,
  );
  if (Number(lines.rows[0]?.n ?? 0) === 0) return false;
  const ordered = await db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', cart.customer_id)
    .where('created_at', '>', cart.updated_at)
    .executeTakeFirst();
  return ordered === undefined;
}

export function automationRenderers(deps: AutomationRendererDeps): MessageRenderers {
  const base = deps.publicUrl.replace(/\/$/, '');
  return {
    async [AUTOMATION_PURPOSE](db: Db, row: OutboxRow, at: Date): Promise<RenderOutcome> {
      if (row.automation_send_id === null) return { stop: 'no automated text' };
      const send = await db
        .selectFrom('automation_sends as a')
        .innerJoin('automations as au', 'au.id', 'a.automation_id')
        .innerJoin('sellers as s', 's.id', 'a.seller_id')
        .leftJoin('stock_alerts as sa', 'sa.id', 'a.stock_alert_id')
        .select([
          'a.id',
          'a.flow',
          'a.seller_id',
          'a.mobile',
          'a.code',
          'a.state',
          'a.product_id',
          'a.cart_id',
        ])
        .select(['au.enabled', 'au.message', 's.name as seller_name', 'sa.state as alert_state'])
        .where('a.id', '=', row.automation_send_id)
        .executeTakeFirst();
      if (!send) return { stop: 'no automated text' };
      if (send.state !== 'queued') return { stop: `send ${send.state}` };
      if (!send.enabled) {
        await markSend(db, send.id, 'cancelled');
        return { stop: 'automation off' };
      }
      const stop = await db
        .selectFrom('text_stops')
        .select('mobile')
        .where('mobile', '=', send.mobile)
        .where('stopped', '=', true)
        .executeTakeFirst();
      if (stop) {
        await markSend(db, send.id, 'skipped_opted_out');
        return { stop: 'stopped' };
      }
      if (send.flow === 'back_in_stock') {
        if (send.alert_state !== 'queued') {
          await markSend(db, send.id, 'cancelled');
          return { stop: `alert ${send.alert_state ?? 'missing'}` };
        }
      } else if (!(await marketingAllowed(db, send.mobile, send.seller_id))) {
        await markSend(db, send.id, 'skipped_opted_out');
        return { stop: 'opted out' };
      }
      if (send.flow === 'cart_reminder') {
        if (send.cart_id === null || !(await cartStillLeft(db, send.cart_id, send.seller_id))) {
          await markSend(db, send.id, 'cancelled');
          return { stop: 'cart ordered or emptied' };
        }
      }
      if (
        !(await takeWeeklyQuota(db, { mobile: send.mobile, automationSendId: send.id }, deps.perWeek, at))
      ) {
        await markSend(db, send.id, 'skipped_cap');
        return { stop: 'weekly cap' };
      }
      const product = send.product_id === null ? null : await itemName(db, send.product_id);
      const items =
        send.flow === 'cart_reminder' && send.cart_id !== null
          ? itemsPhrase(await cartItemNames(db, send.cart_id, send.seller_id))
          : undefined;
      const message = fillAutomationMessage(send.message, {
        ...(product !== null ? { product } : {}),
        ...(items !== undefined ? { items } : {}),
      });
      const consentCode = await optOutCodeFor(db, send.mobile, send.seller_id);
      const link =
        send.flow === 'cart_reminder' || send.product_id !== null ? `${base}/t/${send.code}` : null;
      const body = automationText({
        sellerName: send.seller_name,
        message,
        link,
        optOutLink: `${base}/u/${consentCode ?? send.code}`,
      });
      return {
        body,
        reference: body,
        afterSend: async (trx) => {
          await trx
            .updateTable('automation_sends')
            .set({ state: 'sent', message_id: row.id })
            .where('id', '=', send.id)
            .execute();
        },
      };
    },
  };
}
