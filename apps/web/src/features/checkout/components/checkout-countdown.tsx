// [CHK-01, CHKF-08, CHKF-09, CONST-05] 'Confirm in' from 180 seconds; at 0 the caller sends the shopper
// to the seller's profile. Counted from a deadline, so a throttled background tab still ends on time.
// Shown as m:ss in a chip beside the pay button [I11-6]; at 30 seconds it turns to a warning
// and says so once to screen readers.
import { CHECKOUT_COUNTDOWN_S } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_TEXT, countdownClock, countdownSpoken } from '../checkout-texts';

/** From here on the chip warns. */
export const COUNTDOWN_WARNING_S = 30;

/**
 * Seconds left. While `running` is false (Confirm Purchase is at work) the count holds, and it goes on
 * from there afterwards: a failed Confirm Purchase neither restarts it nor spends the time it waited.
 */
export function useCountdown(
  running: boolean,
  onZero: () => void,
  seconds: number = CHECKOUT_COUNTDOWN_S,
): number {
  const [left, setLeft] = useState(seconds);
  const leftRef = useRef(seconds);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;

  useEffect(() => {
    if (!running || leftRef.current === 0) return;
    const deadline = Date.now() + leftRef.current * 1000;
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      leftRef.current = remaining;
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        onZeroRef.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  return left;
}

function ClockIcon() {
  return (
    <svg
      className="countdown__icon"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2M9 2h6" />
    </svg>
  );
}

export function CheckoutCountdown({ left }: { left: number }) {
  const urgent = left <= COUNTDOWN_WARNING_S;
  return (
    <>
      <div
        className={urgent ? 'countdown countdown--urgent' : 'countdown'}
        role="timer"
        aria-label={countdownSpoken(left)}
      >
        <ClockIcon />
        <span className="countdown__label">{MSG.confirmIn}</span>{' '}
        <span className="countdown__value">{countdownClock(left)}</span>
      </div>
      {/* Present from the start, so the warning is read when it arrives. */}
      <p className="visually-hidden" role="status">
        {urgent ? CHECKOUT_TEXT.timeWarning : ''}
      </p>
    </>
  );
}
