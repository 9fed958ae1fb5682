// A labelled select with its message under it (components/forms/field.css); the options are its children.
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldError } from './field-error';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: string;
  /** Named as TextField's, so a form's `bind` fits both. */
  inputRef?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

export function SelectField({ id, label, error, inputRef, children, ...select }: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={inputRef}
        id={id}
        className="field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
