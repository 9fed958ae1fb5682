import type { MouseEvent } from 'react';

export interface ContentsEntry {
  readonly id: string;
  readonly label: string;
  readonly children?: readonly ContentsEntry[];
}

export const CONTENTS_ID = 'legal-contents';

/**
 * Moves to an anchor without adding a history entry, so that the page's Back button (and the browser's)
 * still leaves the page instead of stepping through headings. Focus follows, for keyboard and screen
 * reader users. Modified clicks (new tab, copy link) keep the plain `#anchor` behaviour.
 */
export function jumpToAnchor(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  scrollToElement(target);
}

export function scrollToElement(target: HTMLElement) {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  // jsdom has no scrollIntoView; in a browser it always exists.
  target.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}

function ContentsList({ entries }: { entries: readonly ContentsEntry[] }) {
  return (
    <ol className="legal-contents__list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`} onClick={(event) => jumpToAnchor(event, entry.id)}>
            {entry.label}
          </a>
          {entry.children && entry.children.length > 0 && <ContentsList entries={entry.children} />}
        </li>
      ))}
    </ol>
  );
}

export function LegalContents({ entries }: { entries: readonly ContentsEntry[] }) {
  return (
    <nav className="legal-contents" aria-labelledby={CONTENTS_ID}>
      <h2 id={CONTENTS_ID} className="legal-contents__title" tabIndex={-1}>
        Contents
      </h2>
      <ContentsList entries={entries} />
    </nav>
  );
}
