// [I11-16] A route change in a single-page app is silent: the page under a screen reader's cursor is
// replaced and focus stays on a link that no longer exists (or drops to <body>). After each change
// of path this moves focus to the new screen's heading and announces it, as a page load would.
// The first load is left alone (the browser announces the document itself), and so is a navigation
// that opened a dialog, which takes focus itself.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a lazily loaded screen may take to show its heading before we give up. */
const HEADING_WAIT_MS = 5_000;

function openDialog(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]') !== null;
}

/** Focuses the heading without scrolling (ScrollReset already put the page at its top). */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/** Calls `found` with main's first h1 once it is in the page, or never when it does not come in time. */
function whenHeadingShows(found: (heading: HTMLElement) => void): () => void {
  const main = document.getElementById('main');
  if (!main) return () => {};
  const look = (): boolean => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading || heading.textContent?.trim() === '') return false;
    found(heading);
    return true;
  };
  if (look()) return () => {};
  const observer = new MutationObserver(() => {
    if (look()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true, characterData: true });
  return stop;
}

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // The first load, and StrictMode running this effect again for the same path, change nothing (a
    // server-rendered page may still be hydrating its screen then: touching its heading would not match).
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    return whenHeadingShows((heading) => {
      setAnnouncement(heading.textContent?.trim() ?? '');
      const focusIsInDialog = document.activeElement?.closest('[role="dialog"], dialog') != null;
      if (!openDialog() && !focusIsInDialog) focusHeading(heading);
    });
  }, [pathname]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
