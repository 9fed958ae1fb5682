// [PDP-07] The option controls of the product page: colour swatches, size swatches and the gift-card price
// dropdown. Each shows its §5 message when Add to Cart is pressed without a choice [VAL-34..36].
import type { ConfigurableOption } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { OptionValue } from '@quokka/contract/product-options';
import { useId } from 'react';
import { useNotReady } from '../../../lib/hydrated';

const same = (a: OptionValue | null | undefined, b: OptionValue) =>
  a !== null && a !== undefined && String(a) === String(b);

function OptionError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="option__error" id={id} role="alert">
      {message}
    </p>
  );
}

interface SwatchGroupProps {
  option: ConfigurableOption;
  value: OptionValue | null | undefined;
  onChange: (value: OptionValue) => void;
  error: string | undefined;
}

function chosenTitle(option: ConfigurableOption, value: OptionValue | null | undefined): string | undefined {
  return option.options.find((choice) => same(value, choice.option_value))?.default_title;
}

/** Round buttons filled with each colour. */
export function ColorSwatches({ option, value, onChange, error }: SwatchGroupProps) {
  const errorId = useId();
  const chosen = chosenTitle(option, value);
  const notReady = useNotReady();
  return (
    <fieldset className="option" data-option="color" aria-describedby={error ? errorId : undefined}>
      <legend className="option__label">
        {option.label}
        {chosen ? <span className="option__chosen">: {chosen}</span> : null}
      </legend>
      <div className="option__choices">
        {option.options.map((choice) => (
          <button
            key={choice.option_value}
            type="button"
            aria-disabled={notReady}
            className="swatch swatch--color"
            aria-pressed={same(value, choice.option_value)}
            aria-label={choice.default_title}
            title={choice.default_title}
            onClick={() => onChange(choice.option_value)}
          >
            <span
              className="swatch__fill"
              style={{ background: choice.swatch ?? undefined }}
              aria-hidden="true"
            />
          </button>
        ))}
      </div>
      <OptionError id={errorId} message={error} />
    </fieldset>
  );
}

/** Size buttons; sizes without an in-stock child in the chosen colour cannot be chosen [VAL-37]. */
export function SizeSwatches({
  option,
  value,
  onChange,
  error,
  isAvailable,
}: SwatchGroupProps & { isAvailable: (size: OptionValue) => boolean }) {
  const errorId = useId();
  const chosen = chosenTitle(option, value);
  const notReady = useNotReady();
  return (
    <fieldset className="option" data-option="size" aria-describedby={error ? errorId : undefined}>
      <legend className="option__label">
        {option.label}
        {chosen ? <span className="option__chosen">: {chosen}</span> : null}
      </legend>
      <div className="option__choices">
        {option.options.map((choice) => (
          <button
            key={choice.option_value}
            type="button"
            aria-disabled={notReady}
            className="swatch swatch--size"
            aria-pressed={same(value, choice.option_value)}
            disabled={!isAvailable(choice.option_value)}
            onClick={() => onChange(choice.option_value)}
          >
            {choice.default_title}
          </button>
        ))}
      </div>
      <OptionError id={errorId} message={error} />
    </fieldset>
  );
}

/** The gift card amounts as a dropdown. */
export function GiftCardPriceSelect({ option, value, onChange, error }: SwatchGroupProps) {
  const selectId = useId();
  const errorId = useId();
  return (
    <div className="option" data-option="gift_card_price">
      <label className="option__label" htmlFor={selectId}>
        {option.label}
      </label>
      <select
        id={selectId}
        className="option__select"
        value={value === null || value === undefined ? '' : String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          const picked = option.options.find((choice) => String(choice.option_value) === event.target.value);
          if (picked) onChange(picked.option_value);
        }}
      >
        <option value="" disabled>
          {MSG.chooseGiftCardPrice}
        </option>
        {option.options.map((choice) => (
          <option key={choice.option_value} value={String(choice.option_value)}>
            {choice.default_title}
          </option>
        ))}
      </select>
      <OptionError id={errorId} message={error} />
    </div>
  );
}
