// [I11-4] 'Clear Cart' asks before anything is removed: the question takes the cart popup's footer,
// with the safe answer ('Keep Items') focused, so a stray tap cannot empty the cart.
import { useEffect, useRef } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CART_TEXT, clearCartQuestion } from '../cart-texts';

/** [I11-4] The footer while 'Clear Cart' waits for a yes: focus goes to the safe answer. */
export function ClearCartConfirm({
  quantity,
  onConfirm,
  onCancel,
}: {
  quantity: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => keepRef.current?.focus(), []);
  return (
    <fieldset className="cart-confirm">
      <legend className="cart-confirm__question">{clearCartQuestion(quantity)}</legend>
      <Button block variant="danger" onClick={onConfirm}>
        {CART_TEXT.confirmClear}
      </Button>
      <button
        type="button"
        className={buttonClassName({ variant: 'secondary', block: true })}
        ref={keepRef}
        onClick={onCancel}
      >
        {CART_TEXT.keepItems}
      </button>
    </fieldset>
  );
}
