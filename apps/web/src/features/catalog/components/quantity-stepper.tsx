// [PDP-08, PDP-09, VAL-39, VAL-40] Minus stops at 1, plus stops at the stock quantity.
import { MSG } from '@quokka/contract/messages';
import { canDecreaseQuantity, canIncreaseQuantity, stepQuantity } from '@quokka/contract/product-options';
import { useNotReady } from '../../../lib/hydrated';

export function QuantityStepper({
  value,
  stock,
  onChange,
}: {
  value: number;
  stock: number;
  onChange: (value: number) => void;
}) {
  const notReady = useNotReady();
  return (
    <fieldset className="stepper option">
      <legend className="option__label">{MSG.quantity}</legend>
      <div className="stepper__controls">
        <button
          type="button"
          aria-disabled={notReady}
          className="stepper__button"
          aria-label={MSG.decreaseQuantity}
          disabled={!canDecreaseQuantity(value)}
          onClick={() => onChange(stepQuantity(value, -1, stock))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output className="stepper__value" aria-live="polite">
          {value}
        </output>
        <button
          type="button"
          aria-disabled={notReady}
          className="stepper__button"
          aria-label={MSG.increaseQuantity}
          disabled={!canIncreaseQuantity(value, stock)}
          onClick={() => onChange(stepQuantity(value, 1, stock))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </fieldset>
  );
}
