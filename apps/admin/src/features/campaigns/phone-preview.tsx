// A text as a phone shows it: a message bubble with the exact words, the lines kept. Links are drawn as
// text (the sample codes open nothing).
export function PhonePreview({ text, label }: { text: string; label: string }) {
  return (
    <figure className="phone" aria-label={label}>
      <div className="phone-screen">
        <p className="phone-bubble" data-testid="phone-text">
          {text}
        </p>
      </div>
      <figcaption className="muted small">Each recipient gets their own short links.</figcaption>
    </figure>
  );
}
