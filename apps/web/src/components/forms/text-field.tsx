// A labelled input with its message under it (components/forms/field.css). The message is tied to the
// input (aria-describedby) and marks it invalid, so a screen reader reads both.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError } from './field-error';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the message (a 'Verify my mobile' button). */
  after?: ReactNode;
}

export function TextField({ id, label, error, inputRef, after, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={className ? `field__input ${className}` : 'field__input'}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
      {after}
    </div>
  );
}
