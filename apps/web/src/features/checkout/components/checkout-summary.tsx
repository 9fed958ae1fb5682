// [CHK-03] The cart summary: each line with its picture, options, quantity × price and line total
// [CONST-12], then the subtotal, the delivery (the cheapest method [SHIP-01]) and the total [CONST-13].
import { MSG } from '@quokka/contract/messages';
import { type Cents, formatCents } from '@quokka/contract/money';
import { ProductPicture } from '../../../components/ui/product-picture';
import { fixedLayout } from '../../../lib/picture-sources';
import type { StoredCartItem } from '../../../lib/storage';
import {
  cartTotalCents,
  lineImage,
  lineKey,
  lineOptionTitles,
  linePriceCents,
  lineTotalCents,
} from '../../cart/public';

export interface CheckoutSummaryProps {
  items: readonly StoredCartItem[];
  /** Null while the delivery is being worked out. */
  shippingCents: Cents | null;
  /** [I16-checkout-giftcard] An applied gift card: its last 4 digits and what it pays. */
  giftCard?: { last4: string; cents: Cents } | null;
}

export function CheckoutSummary({ items, shippingCents, giftCard = null }: CheckoutSummaryProps) {
  const subtotal = cartTotalCents(items);
  const total = cartTotalCents(items, shippingCents ?? 0);
  return (
    <section className="checkout-card" aria-labelledby="checkout-summary-title">
      <h2 className="checkout-card__title" id="checkout-summary-title">
        {MSG.orderSummary}
      </h2>
      <ul className="summary-lines">
        {items.map((item) => {
          const options = lineOptionTitles(item);
          const image = lineImage(item);
          return (
            <li key={lineKey(item)} className="summary-line">
              <div className="summary-line__image">
                {image ? (
                  <ProductPicture src={image} alt="" width={56} height={56} layout={fixedLayout(56)} />
                ) : null}
              </div>
              <div className="summary-line__main">
                <p className="summary-line__name">{item.name ?? item.sku}</p>
                {options.length > 0 ? <p className="summary-line__meta">{options.join(' · ')}</p> : null}
                <p className="summary-line__meta">
                  {item.qty} × {formatCents(linePriceCents(item))}
                </p>
              </div>
              <p className="summary-line__total">{formatCents(lineTotalCents(item))}</p>
            </li>
          );
        })}
      </ul>
      <dl className="summary-totals">
        <div className="summary-totals__row">
          <dt>{MSG.subtotal}</dt>
          <dd>{formatCents(subtotal)}</dd>
        </div>
        <div className="summary-totals__row">
          <dt>{MSG.delivery}</dt>
          <dd>
            {shippingCents === null
              ? MSG.calculatedAtCheckout
              : shippingCents === 0
                ? MSG.freeDelivery
                : formatCents(shippingCents)}
          </dd>
        </div>
        <div className="summary-totals__row summary-totals__row--total">
          <dt>{MSG.total}</dt>
          <dd data-testid="checkout-total">{formatCents(total)}</dd>
        </div>
        {giftCard ? (
          <>
            <div className="summary-totals__row" data-testid="checkout-gift-card">
              <dt>Gift card •••• {giftCard.last4}</dt>
              <dd>−{formatCents(giftCard.cents)}</dd>
            </div>
            <div className="summary-totals__row summary-totals__row--total">
              <dt>To pay</dt>
              <dd data-testid="checkout-to-pay">{formatCents(Math.max(0, total - giftCard.cents))}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}
