// [GIFT-13, VAL-53, VAL-54] An hour or minute stepper: arrows (the buttons, or Up/Down on the value)
// step by one and wrap around (23 → 0, 0 → 59) with the contract's stepHour/stepMinute.
import type { KeyboardEvent } from 'react';

export interface TimeStepperProps {
  label: string;
  value: number;
  max: number;
  step: (value: number, delta: 1 | -1) => number;
  onChange: (value: number) => void;
  increaseLabel: string;
  decreaseLabel: string;
}

const two = (value: number) => String(value).padStart(2, '0');

export function TimeStepper({
  label,
  value,
  max,
  step,
  onChange,
  increaseLabel,
  decreaseLabel,
}: TimeStepperProps) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      onChange(step(value, event.key === 'ArrowUp' ? 1 : -1));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onChange(event.key === 'Home' ? 0 : max);
    }
  }
  return (
    <div className="time-stepper">
      <button
        type="button"
        className="time-stepper__button"
        aria-label={increaseLabel}
        onClick={() => onChange(step(value, 1))}
      >
        <span aria-hidden="true">▲</span>
      </button>
      <div
        className="time-stepper__value"
        role="spinbutton"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={two(value)}
        onKeyDown={onKeyDown}
      >
        {two(value)}
      </div>
      <button
        type="button"
        className="time-stepper__button"
        aria-label={decreaseLabel}
        onClick={() => onChange(step(value, -1))}
      >
        <span aria-hidden="true">▼</span>
      </button>
    </div>
  );
}
