import './field.css';

// A field's message, tied to its input by id (aria-describedby) and announced when it appears.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id} role="alert">
      {message}
    </p>
  );
}
