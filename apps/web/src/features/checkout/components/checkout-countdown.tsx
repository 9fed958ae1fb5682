// [CHK-01, CHKF-08, CHKF-09, CONST-05] 'Confirm in' from 180 seconds; at 0 the caller sends the shopper
// to the seller's profile. Counted from a deadline, so a throttled background tab still ends on time.
import { CHECKOUT_COUNTDOWN_S } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { useEffect, useRef, useState } from 'react';

export function useCountdown(
  running: boolean,
  onZero: () => void,
  seconds: number = CHECKOUT_COUNTDOWN_S,
): number {
  const [left, setLeft] = useState(seconds);
  const onZeroRef = useRef(onZero);
  onZeroRef.current = onZero;

  useEffect(() => {
    if (!running) return;
    const deadline = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        onZeroRef.current();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [running, seconds]);

  return left;
}

export function CheckoutCountdown({ left, total = CHECKOUT_COUNTDOWN_S }: { left: number; total?: number }) {
  const urgent = left <= 30;
  return (
    <div
      className={urgent ? 'countdown countdown--urgent' : 'countdown'}
      role="timer"
      aria-label={`${MSG.confirmIn} ${left} seconds`}
    >
      <span className="countdown__label">{MSG.confirmIn}</span>
      <span className="countdown__value">
        {left}
        {MSG.secondsShort}
      </span>
      <span className="countdown__bar" aria-hidden="true">
        <span style={{ width: `${(left / total) * 100}%` }} />
      </span>
    </div>
  );
}
