import type { ReactNode } from 'react';

// A legal document is data: the page components render its headings, its table of contents and its
// anchors from the same list, so a section can never be missing from the contents or vice versa.

export interface LegalSection {
  /** Unique within its document; the page anchor is `${document.id}-${section.id}`. */
  readonly id: string;
  readonly heading: string;
  readonly body: ReactNode;
}

export interface LegalDocument {
  /** Also the page anchor of the document itself. */
  readonly id: string;
  readonly title: string;
  /** Who the document binds, in a sentence or two, shown above the first section. */
  readonly intro: ReactNode;
  readonly sections: readonly LegalSection[];
}

export function sectionAnchor(document: LegalDocument, section: LegalSection): string {
  return `${document.id}-${section.id}`;
}
