import type { LegalDocument } from '../content/legal-document';
import { sectionAnchor } from '../content/legal-document';
import type { ContentsEntry } from './legal-contents';
import { CONTENTS_ID, jumpToAnchor } from './legal-contents';

/**
 * One document. As a `part` of a page holding several documents, its title is an h2 and its sections
 * h3; as the page's only document, the page's h1 is its title, the page leads with its introduction, and
 * its sections are h2.
 */
export function LegalDocumentView({ document, part }: { document: LegalDocument; part: boolean }) {
  const SectionHeading = part ? 'h3' : 'h2';
  return (
    <article className="legal-document" aria-labelledby={part ? document.id : undefined}>
      {part && (
        <h2 id={document.id} className="legal-document__title" tabIndex={-1}>
          {document.title}
        </h2>
      )}
      {part && <div className="legal-document__intro">{document.intro}</div>}
      {document.sections.map((section) => {
        const anchor = sectionAnchor(document, section);
        return (
          // Not a named region: /terms holds two documents with like-named sections ('Changes to these
          // terms'), and a landmark per section would give screen readers duplicates. Headings navigate.
          <section key={section.id} className="legal-section">
            <SectionHeading id={anchor} className="legal-section__heading" tabIndex={-1}>
              {section.heading}
            </SectionHeading>
            {section.body}
          </section>
        );
      })}
      {part && (
        <p className="legal-document__to-contents">
          <a href={`#${CONTENTS_ID}`} onClick={(event) => jumpToAnchor(event, CONTENTS_ID)}>
            Back to contents
          </a>
        </p>
      )}
    </article>
  );
}

/** The contents entries of a document's sections. */
export function sectionEntries(document: LegalDocument): ContentsEntry[] {
  return document.sections.map((section) => ({
    id: sectionAnchor(document, section),
    label: section.heading,
  }));
}
