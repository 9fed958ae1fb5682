// Keeps keyboard focus inside a modal surface (popup, drawer) while it is open, and gives focus back
// to whatever opened it when it closes.
import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  {
    onEscape,
    initialFocusRef,
  }: { onEscape?: () => void; initialFocusRef?: RefObject<HTMLElement | null> } = {},
): void {
  // The latest handler, without re-running the effect (which would steal focus again).
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The surface itself takes focus (screen readers announce its name); Tab then enters it.
    (initialFocusRef?.current ?? container).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!container) return;
      if (event.key === 'Escape' && escapeRef.current) {
        event.stopPropagation();
        escapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(container);
      const firstItem = items[0];
      const lastItem = items.at(-1);
      if (!firstItem || !lastItem) {
        event.preventDefault();
        container.focus();
        return;
      }
      const active = document.activeElement;
      const outside = active === container || !container.contains(active);
      if (event.shiftKey && (active === firstItem || outside)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || outside)) {
        event.preventDefault();
        firstItem.focus();
      }
    }

    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [containerRef, initialFocusRef]);
}
