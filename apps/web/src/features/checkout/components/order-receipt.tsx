// [I11-11] The order restated on /success: what was bought, the delivery and the total charged, where it
// goes and how it was paid, so the shopper can check it at a glance.
import type { Order } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import { formatPrice } from '@quokka/contract/money';
import { AddressLines, OrderPaymentLine } from '../../account/public';
import { SUCCESS_WORDS } from '../success-words';
import '../success.css';

export function OrderReceipt({ order }: { order: Order }) {
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 className="receipt__title" id="receipt-title">
        {MSG.receiptHeading}
      </h2>
      <ul className="receipt__items">
        {order.items.map((item) => (
          <li key={item.item_id} className="receipt__item">
            <span className="receipt__item-name">{item.name}</span>
            <span className="receipt__item-qty">× {item.qty}</span>
            <span className="receipt__amount">{formatPrice(item.row_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="receipt__totals">
        <div>
          <dt>{MSG.delivery}</dt>
          <dd className="receipt__amount">
            {order.shipping_amount === 0 ? MSG.freeDelivery : formatPrice(order.shipping_amount)}
          </dd>
        </div>
        {order.gift_card_amount ? (
          <>
            <div>
              <dt>{MSG.total}</dt>
              <dd className="receipt__amount">{formatPrice(order.grand_total)}</dd>
            </div>
            {/* [I16-checkout-giftcard] The gift card's part, then what the payment card was charged. */}
            <div>
              <dt>Paid by gift card</dt>
              <dd className="receipt__amount">−{formatPrice(order.gift_card_amount)}</dd>
            </div>
          </>
        ) : null}
        <div className="receipt__grand">
          {/* [I34] Authorised, not charged yet, while the order waits for approval. */}
          <dt>{order.status === 'pending_review' ? SUCCESS_WORDS.toBeCharged : MSG.totalCharged}</dt>
          <dd className="receipt__amount">
            {formatPrice(order.gift_card_amount ? (order.card_amount ?? 0) : order.grand_total)}
          </dd>
        </div>
      </dl>
      <dl className="receipt__facts">
        {order.shipping_address ? (
          <div>
            <dt>{MSG.deliveringTo}</dt>
            <dd>
              <AddressLines address={order.shipping_address} />
            </dd>
          </div>
        ) : null}
        {order.payment ? (
          <div>
            <dt>{MSG.payment}</dt>
            <dd>
              <OrderPaymentLine payment={order.payment} />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
