// One cart line in the popup [SHELL-13]: picture, name, options, unit price, a quantity stepper that
// stops at 1 [CONST-11] and at the stock the product reply gives [I11-3], and the line total [CONST-12].
// A refused quantity change is said here, inside the line [I11-3].
import { CART_MIN_QTY } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { formatCents, formatPrice } from '@quokka/contract/money';
import { useId } from 'react';
import { Link } from '../../../components/ui/link';
import { ProductPicture } from '../../../components/ui/product-picture';
import { fixedLayout } from '../../../lib/picture-sources';
import type { StoredCartItem } from '../../../lib/storage';
import { useLineStock } from '../api/product-stock';
import { lineImage, lineKey, lineOptionTitles, linePriceCents, lineTotalCents } from '../cart-lines';
import { onlyLeft } from '../cart-texts';
import { useLineNotice } from '../line-notices';

export interface CartLineItemProps {
  item: StoredCartItem;
  onQty: (key: string, qty: number) => void;
  onRemove: (key: string) => void;
  onEdit: () => void;
}

export function updateProductPath(item: StoredCartItem): string {
  const itemId = item.item_id === undefined || item.item_id === null ? '' : `?item=${item.item_id}`;
  return `/updateproduct/${item.id}${itemId}`;
}

export function CartLineItem({ item, onQty, onRemove, onEdit }: CartLineItemProps) {
  const key = lineKey(item);
  const name = item.name ?? item.sku ?? '';
  const options = lineOptionTitles(item);
  const image = lineImage(item);
  const qty = Number(item.qty);
  const stock = useLineStock(item.id, item.sku);
  const atStock = stock !== null && qty >= stock;
  const notice = useLineNotice(key);
  const hintId = useId();
  return (
    <li className="cart-line">
      <div className="cart-line__image">
        {image ? <ProductPicture src={image} alt="" width={64} height={64} layout={fixedLayout(64)} /> : null}
      </div>
      <div className="cart-line__main">
        <p className="cart-line__name">{name}</p>
        {options.length > 0 ? <p className="cart-line__options">{options.join(' · ')}</p> : null}
        <p className="cart-line__unit">{formatPrice(linePriceCents(item) / 100)} each</p>
        <div className="cart-line__controls">
          <fieldset className="cart-stepper">
            <legend className="visually-hidden">{`${MSG.quantity}, ${name}`}</legend>
            <button
              type="button"
              className="cart-stepper__button"
              aria-label={`${MSG.decreaseQuantity}, ${name}`}
              disabled={qty <= CART_MIN_QTY}
              onClick={() => onQty(key, qty - 1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="cart-stepper__value" aria-live="polite" aria-label={`${MSG.quantity} ${qty}`}>
              {qty}
            </output>
            <button
              type="button"
              className="cart-stepper__button"
              aria-label={`${MSG.increaseQuantity}, ${name}`}
              aria-describedby={atStock ? hintId : undefined}
              disabled={atStock}
              onClick={() => onQty(key, qty + 1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
          {/* Edit and Remove wrap together under the stepper on a narrow phone. */}
          <span className="cart-line__links">
            <Link
              className="cart-line__link"
              to={updateProductPath(item)}
              onClick={onEdit}
              aria-label={`${MSG.editItem} ${name}`}
            >
              {MSG.editItem}
            </Link>
            <button
              type="button"
              className="cart-line__link"
              aria-label={`${MSG.removeItem} ${name}`}
              onClick={() => onRemove(key)}
            >
              {MSG.removeItem}
            </button>
          </span>
        </div>
        {atStock ? (
          <p className="cart-line__hint" id={hintId}>
            {onlyLeft(stock)}
          </p>
        ) : null}
        {notice ? (
          <p className="cart-line__notice" role="alert">
            {notice}
          </p>
        ) : null}
      </div>
      <p className="cart-line__total" data-testid="line-total">
        {formatCents(lineTotalCents(item))}
      </p>
    </li>
  );
}
