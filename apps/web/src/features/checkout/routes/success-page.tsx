// /success [ROUTE-19, SUCC-01..03]: 'Thank You', the merchant's name and the order number, as the
// success lookup answered them at Confirm Purchase; opened without them, it asks again. Arriving from
// Confirm Purchase it empties the browser's cart. [I11-11] The lookup's order is restated beside them
// (items, total charged, delivery address, card) with 'View Order'; [I11-12] and who to ask about it.
// [I34] It says what happened: "placed", and "paid" only once the card was charged (success-words.ts).
import { MSG } from '@quokka/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OperatorIdentity, SupportLinks } from '../../../components/business/support-links';
import { ButtonLink } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../components/ui/page';
import { setCartItems, useAppState } from '../../../lib/app-state';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { orderPath } from '../../account/public';
import { getCheckoutSuccess, knownCheckoutSuccess } from '../api/checkout-success';
import { OrderReceipt } from '../components/order-receipt';
import { chargeText, placedText, sellersText } from '../success-words';
import type { SuccessState } from './checkout-page';
import '../checkout.css';
import '../success.css';

function readState(state: unknown): SuccessState | null {
  if (typeof state !== 'object' || state === null || !('orderNumber' in state)) return null;
  const { orderNumber, shopName } = state as Partial<SuccessState>;
  return {
    orderNumber: typeof orderNumber === 'string' && orderNumber !== '' ? orderNumber : null,
    shopName: typeof shopName === 'string' && shopName !== '' ? shopName : null,
    placed: (state as Partial<SuccessState>).placed === true,
  };
}

export function SuccessPage() {
  useDocumentTitle(MSG.thankYou);
  const location = useLocation();
  const signedIn = useAppState((current) => current.auth.isSignedIn);
  const navigate = useNavigate();
  const passed = readState(location.state);
  const justPlaced = passed?.placed === true;

  useEffect(() => {
    if (!justPlaced) return;
    // The order is the cart now: the browser's cart starts over, once (a reload keeps the page).
    setCartItems([]);
    navigate('.', { replace: true, state: { ...passed, placed: false } });
  }, [justPlaced, passed, navigate]);
  // Confirm Purchase's lookup already answered with the order when the shopper comes from it; otherwise
  // (a reload, or no number passed) it is asked again, never from the cache, which may hold an earlier one.
  const known = knownCheckoutSuccess(passed?.orderNumber ?? null);
  const lookup = useQuery({
    queryKey: ['checkout', 'success', passed?.orderNumber ?? null],
    queryFn: () =>
      getCheckoutSuccess(getItem(STORAGE_KEYS.affiliateSellerId), getItem(STORAGE_KEYS.campaignId)).catch(
        () => null,
      ),
    enabled: signedIn && known === null,
    retry: false,
    gcTime: 0,
  });
  const orderNumber = passed?.orderNumber ?? lookup.data?.order_id ?? null;
  const shopName = passed?.shopName ?? lookup.data?.shop_name ?? null;
  // The latest order is this one unless another was placed since (another tab): then it is not shown.
  const lookedUp = known?.order ?? lookup.data?.order;
  const order = lookedUp && (orderNumber === null || lookedUp.increment_id === orderNumber) ? lookedUp : null;
  const business = getRuntimeConfig().business;
  // [I34] Placed, and paid only once captured; two sellers said plainly (success-words.ts).
  const sellers = sellersText(order);
  const charge = chargeText(order);

  return (
    <section className="page success" aria-labelledby="page-title">
      <div className="success__card">
        <span className="success__icon" aria-hidden="true">
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            aria-hidden="true"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h1 className="page__title success__title" id="page-title">
          {MSG.thankYou}
        </h1>
        {shopName ? (
          <p className="success__merchant">
            {MSG.orderPlacedWith} <strong>{shopName}</strong> {placedText(order)}
            {sellers ? ` ${sellers}` : null}
          </p>
        ) : sellers ? (
          <p className="success__merchant">{sellers}</p>
        ) : null}
        {charge ? <p className="success__charge">{charge}</p> : null}
        {orderNumber ? (
          <p className="success__order">
            <span className="success__order-label">{MSG.orderNumber}</span>
            <span className="success__order-number" data-testid="order-number">
              {orderNumber}
            </span>
          </p>
        ) : lookup.isPending && lookup.fetchStatus !== 'idle' ? null : (
          <p className="success__pending">{MSG.orderNumberPending}</p>
        )}
        {order ? (
          <>
            <p className="success__texted">{MSG.receiptOnItsWay}</p>
            <OrderReceipt order={order} />
          </>
        ) : null}
        <div className="success__actions">
          {order ? (
            <ButtonLink to={orderPath(order.id)} block>
              {MSG.viewOrder}
            </ButtonLink>
          ) : null}
          <ButtonLink to="/browse" block variant={order ? 'secondary' : undefined}>
            {MSG.continueShopping}
          </ButtonLink>
        </div>
        <div className="success__help">
          <p className="success__help-line">
            {MSG.orderQuestions} <SupportLinks business={business} />
          </p>
          <p className="success__operator">
            <OperatorIdentity business={business} />
          </p>
        </div>
      </div>
    </section>
  );
}
