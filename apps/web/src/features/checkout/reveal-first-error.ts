// [I11-7] After a Confirm Purchase that stopped: the first message on the page is brought to
// the middle of the screen, clear of the sticky pay bar, and its field takes focus, so the shopper sees
// it and a screen reader lands on it; focus never drops to <body>.

/** A message tied to a field (aria-describedby) gives that field; a message on its own takes focus. */
function fieldOf(root: HTMLElement, message: HTMLElement): HTMLElement {
  const field = message.id
    ? Array.from(root.querySelectorAll<HTMLElement>('[aria-describedby]')).find((element) =>
        element.getAttribute('aria-describedby')?.split(' ').includes(message.id),
      )
    : undefined;
  if (field) return field;
  message.tabIndex = -1;
  return message;
}

/** The field and its message together (`.field`, the card field), so both end up on screen. */
function blockOf(element: HTMLElement): HTMLElement {
  return element.closest<HTMLElement>('.field, .card-field') ?? element;
}

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function revealFirstError(root: HTMLElement): void {
  // The first field marked wrong, in page order (the address form's, then the card's); else the first
  // message (one tied to no field, like 'Please complete your shipping address').
  const first = root.querySelector<HTMLElement>('[aria-invalid="true"], .field-error, [role="alert"]');
  if (!first) return;
  const target = first.matches('[aria-invalid="true"]') ? first : fieldOf(root, first);
  target.focus({ preventScroll: true });
  // jsdom has no scrollIntoView; in a browser it always exists.
  blockOf(target).scrollIntoView?.({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
}
