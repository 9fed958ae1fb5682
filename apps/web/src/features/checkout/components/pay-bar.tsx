// The sticky bar at the foot of /checkout: the total and the countdown chip, where the order goes
// ('Ship to: 5 Hay St, Perth'), the one-line summary of what stopped the last Confirm Purchase, and the
// 'Confirm Purchase' button [CHK-16] [I11-1, I11-6, I11-7]. Everything the shopper must know
// before paying sits beside the button, whatever part of the page is on screen.
import { MSG } from '@quokka/contract/messages';
import { Button } from '../../../components/ui/button';
import { CHECKOUT_TEXT } from '../checkout-texts';
import { CheckoutCountdown } from './checkout-countdown';

export interface PayBarProps {
  total: string;
  /** [I16-checkout-giftcard] With a gift card applied: 'To pay' instead of 'Total'. */
  totalLabel?: string;
  secondsLeft: number;
  /** '5 Hay St, Perth', or what Confirm Purchase will do about the address. */
  shipTo: string;
  /** Why the last Confirm Purchase stopped, or null. */
  summary: string | null;
  /** An error to put right, or news to read before paying again (a new total). */
  summaryTone: 'error' | 'notice';
  busy: boolean;
  onConfirm: () => void;
}

export function PayBar({
  total,
  totalLabel = MSG.total,
  secondsLeft,
  shipTo,
  summary,
  summaryTone,
  busy,
  onConfirm,
}: PayBarProps) {
  return (
    <div className="checkout__confirm" data-testid="pay-bar">
      <div className="pay-bar__row">
        <p className="checkout__pay-total">
          <span>{totalLabel}</span> <strong>{total}</strong>
        </p>
        <CheckoutCountdown left={secondsLeft} />
      </div>
      <p className="pay-bar__ship-to">
        {CHECKOUT_TEXT.shipTo} <strong>{shipTo}</strong>
      </p>
      {summary ? (
        <p className={`pay-bar__summary pay-bar__summary--${summaryTone}`} role="alert">
          {summary}
        </p>
      ) : null}
      {/* Not `disabled` while busy: a disabled button drops the focus to <body>. */}
      <Button
        block
        className="checkout__confirm-button"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onConfirm();
        }}
      >
        {MSG.confirmPurchase}
      </Button>
    </div>
  );
}
