// A titled part of an account page.
import type { ReactNode } from 'react';

export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="acct-section" aria-labelledby={id}>
      <h2 className="acct-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
