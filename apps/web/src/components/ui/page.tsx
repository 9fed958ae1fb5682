// The layout every screen sits in: a readable column with the page heading, and the browser tab
// title following the heading.
import { type ReactNode, useEffect } from 'react';
import { getRuntimeConfig } from '../../lib/runtime-config';
import './page.css';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const { storeName } = getRuntimeConfig();
    document.title = title ? `${title} | ${storeName}` : storeName;
  }, [title]);
}

export function Page({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page__head">
        <h1 className="page__title" id="page-title">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
