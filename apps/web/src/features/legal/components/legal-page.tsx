import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import '../legal.css';
import { LegalBackButton } from './legal-back-button';
import type { ContentsEntry } from './legal-contents';
import { LegalContents, scrollToElement } from './legal-contents';

/**
 * The frame both legal pages share, inside the shell's <main>: Back, the h1, a lead, the contents, the documents.
 * A link that arrives with an anchor (/terms#vendor-terms) is scrolled to once the content exists, which
 * the browser cannot do by itself for a page rendered after load.
 */
export function LegalPage({
  title,
  lead,
  contents,
  children,
}: {
  title: string;
  lead?: ReactNode;
  contents: readonly ContentsEntry[];
  children: ReactNode;
}) {
  const { hash } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (target) scrollToElement(target);
  }, [hash]);

  return (
    <div className="legal-page">
      <LegalBackButton />
      <h1 className="legal-page__title">{title}</h1>
      {lead && <div className="legal-page__lead">{lead}</div>}
      <LegalContents entries={contents} />
      {children}
    </div>
  );
}
