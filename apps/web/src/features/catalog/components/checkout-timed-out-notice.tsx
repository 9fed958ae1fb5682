// [CHKF-09] When the checkout countdown ends, the checkout sends the shopper to the seller profile with
// router state that `checkoutTimedOutNotice` (the checkout's) reads. Without a word, landing here reads like the order was lost;
// this says why they are here and that nothing was thrown away.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ClockIcon } from '../../../components/ui/icons';
import { openPopup } from '../../../lib/app-state';
import { checkoutTimedOutNotice } from '../../checkout/public';
import { CATALOG_TEXT } from '../catalog-texts';

export function CheckoutTimedOutNotice() {
  // The checkout owns the state it leaves with, and the words for it.
  const notice = checkoutTimedOutNotice(useLocation().state);
  const timedOut = notice !== null;
  // A live region is announced when its text changes, not when it arrives already filled: the region
  // goes in first and its text a moment later.
  const [announced, setAnnounced] = useState(false);
  useEffect(() => setAnnounced(timedOut), [timedOut]);
  if (!timedOut) return null;
  return (
    <div className="seller-timeout">
      <ClockIcon className="seller-timeout__icon" />
      <div className="seller-timeout__text" role="status">
        {announced ? (
          <>
            <strong>{notice}</strong>{' '}
            <span className="seller-timeout__hint">{CATALOG_TEXT.checkoutTimedOutHint}</span>
          </>
        ) : null}
      </div>
      <Button variant="secondary" className="seller-timeout__action" onClick={() => openPopup('cart')}>
        {CATALOG_TEXT.viewCart}
      </Button>
    </div>
  );
}
