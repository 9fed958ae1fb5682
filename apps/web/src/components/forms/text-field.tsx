// A labelled input with its message under it (components/forms/field.css). The message is tied to the
// input (aria-describedby) and marks it invalid, so a screen reader reads both.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError } from './field-error';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  /** A line under the label, read with the input ('Your receipt is sent to this mobile'). */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the message (a 'Verify my mobile' button). */
  after?: ReactNode;
}

export function TextField({ id, label, error, hint, inputRef, after, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
      {after}
    </div>
  );
}
