import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

// The figures are written out here as SPEC.md §9 states them, on purpose: the pages read them from the
// contract's TERMS, and these tests fail if TERMS or the prose drifts from the specification.

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

function renderAt(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries}>
      <Routes>
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

function currentPath() {
  return screen.getByTestId('location').textContent;
}

/** The browser tab's history length, which MemoryRouter does not touch (jsdom starts at 1). */
function stubTabHistoryLength(length: number) {
  vi.spyOn(window.history, 'length', 'get').mockReturnValue(length);
}

function text(element: HTMLElement) {
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

function documentArticle(name: string) {
  return screen.getByRole('article', { name });
}

function section(scope: HTMLElement, heading: string) {
  const title = within(scope).getByRole('heading', { name: heading });
  const element = title.closest('section');
  if (!element) throw new Error(`no section for ${heading}`);
  return element;
}

/** jsdom has no scrolling; records which element the page scrolls to. */
function stubScrollIntoView() {
  const scrollIntoView = vi.fn();
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
  return scrollIntoView;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe.each([
  ['/terms', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
])('%s Back button', (path, title) => {
  it(`[ROUTE-32] ${path} has a Back button that goes back in history`, async () => {
    stubTabHistoryLength(3);
    renderAt(['/browse', '/account/orders', path]);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));

    expect(currentPath()).toBe('/account/orders');
  });

  it(`[ROUTE-32] ${path} Back returns to /browse when it was opened from there`, async () => {
    stubTabHistoryLength(2);
    renderAt(['/browse', path]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));

    expect(currentPath()).toBe('/browse');
  });

  it(`[ROUTE-32] ${path} Back goes to /browse when the tab has no history`, async () => {
    stubTabHistoryLength(1);
    renderAt(['/account/orders', path]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));

    expect(currentPath()).toBe('/browse');
  });

  it(`[ROUTE-32] ${path} Back goes to /browse when the page is the first one opened in the store`, async () => {
    // Opened straight from a message or another site: going back would leave the storefront.
    stubTabHistoryLength(4);
    renderAt([path]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));

    expect(currentPath()).toBe('/browse');
  });

  it(`[ROUTE-32] ${path} Back button is a plain button above the title`, () => {
    renderAt([path]);
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toHaveAttribute('type', 'button');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(back.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('legal documents', () => {
  it('[ROUTE-33] /terms holds the member terms, vendor terms and data processing agreement', () => {
    renderAt(['/terms']);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Contents', 'Member Terms', 'Vendor Terms', 'Data Processing Agreement']);
    for (const name of ['Member Terms', 'Vendor Terms', 'Data Processing Agreement']) {
      expect(within(documentArticle(name)).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(5);
    }
  });

  it('[ROUTE-33] /privacy holds the privacy policy', () => {
    renderAt(['/privacy']);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(
      expect.arrayContaining(['What we collect', 'Payment cards', 'Access and correction', 'Complaints']),
    );
    expect(sections.length).toBeGreaterThan(8);
  });

  it.each(['/terms', '/privacy'])('[ROUTE-32] %s contents link to every heading on the page', (path) => {
    renderAt([path]);
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(nav).getAllByRole('link');
    const targets = links.map((link) => link.getAttribute('href')?.slice(1) ?? '');
    for (const [index, id] of targets.entries()) {
      const target = document.getElementById(id);
      expect(target, id).not.toBeNull();
      expect(target?.textContent).toBe(links[index]?.textContent);
    }
    // Every document and section heading is reachable from the contents.
    const headings = screen
      .getAllByRole('heading')
      .filter((h) => h.tagName !== 'H1' && h.textContent !== 'Contents')
      .map((h) => h.id);
    expect(new Set(targets)).toEqual(new Set(headings));
  });

  it('[ROUTE-32] a contents link moves to its heading without adding a history entry', async () => {
    const scrollIntoView = stubScrollIntoView();
    stubTabHistoryLength(2);
    renderAt(['/browse', '/terms']);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Contents' });

    await user.click(within(nav).getByRole('link', { name: 'Vendor Terms' }));

    const heading = screen.getByRole('heading', { level: 2, name: 'Vendor Terms' });
    expect(heading).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toBe(heading);
    expect(currentPath()).toBe('/terms');
    // The browser did not follow the anchor itself, which would have added a history entry.
    expect(window.location.hash).toBe('');
    // Back still leaves the page rather than stepping back through anchors.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentPath()).toBe('/browse');
  });

  it('[ROUTE-32] a link to /terms#vendor-terms-fees lands on that section', () => {
    const scrollIntoView = stubScrollIntoView();
    renderAt(['/terms#vendor-terms-fees']);
    const heading = screen.getByRole('heading', { level: 3, name: 'Fees' });
    expect(heading).toHaveAttribute('id', 'vendor-terms-fees');
    expect(heading).toHaveFocus();
    expect(scrollIntoView.mock.contexts[0]).toBe(heading);
  });
});

describe('terms figures', () => {
  it('[BIZ-01] [BIZ-02] the vendor fees are a 2.9% service fee and a 3.1% commission on marketplace orders', () => {
    renderAt(['/terms']);
    const fees = text(section(documentArticle('Vendor Terms'), 'Fees'));
    expect(fees).toContain('service fee of 2.9% of the order price');
    expect(fees).toContain('commission of 3.1% on marketplace orders');
  });

  it('[BIZ-03] [BIZ-04] reconciliation covers 7 days ending 11:59am Monday; remittance within 2 business days', () => {
    renderAt(['/terms']);
    const reconciliation = text(
      section(documentArticle('Vendor Terms'), 'Weekly reconciliation and remittance'),
    );
    expect(reconciliation).toContain('covers the 7 days ending Monday 11:59am');
    expect(reconciliation).toContain('within 2 business days after the period ends');
  });

  it('[BIZ-05] a tax invoice is issued within 14 days after month end', () => {
    renderAt(['/terms']);
    const invoices = text(section(documentArticle('Vendor Terms'), 'Tax invoices'));
    expect(invoices).toContain('within 14 days after the end of each month');
  });

  it('[BIZ-06] chargebacks are allowed within 3 months, for members and vendors', () => {
    renderAt(['/terms']);
    expect(text(section(documentArticle('Member Terms'), 'Disputed card payments'))).toContain(
      'accepted within 3 months of the order',
    );
    expect(text(section(documentArticle('Vendor Terms'), 'Chargebacks'))).toContain(
      'raised within 3 months of an order',
    );
  });

  it('[BIZ-07] liability is limited to $1.00 in the member and vendor terms', () => {
    renderAt(['/terms']);
    expect(text(section(documentArticle('Member Terms'), 'Our liability'))).toContain('limited to $1.00.');
    expect(text(section(documentArticle('Vendor Terms'), 'Liability'))).toContain('limited to $1.00.');
  });

  it('[BIZ-08] changes to the terms need 30 days’ notice', () => {
    renderAt(['/terms']);
    for (const name of ['Member Terms', 'Vendor Terms']) {
      expect(text(section(documentArticle(name), 'Changes to these terms'))).toContain('30 days’ notice');
    }
  });

  it('[BIZ-09] [BIZ-10] the DPA gives 5 days’ notice of sub-processors and of audits', () => {
    renderAt(['/terms']);
    const dpa = documentArticle('Data Processing Agreement');
    expect(text(section(dpa, 'Sub-processors'))).toContain(
      'at least 5 days’ notice before adding or replacing a sub-processor',
    );
    expect(text(section(dpa, 'Audits'))).toContain('at least 5 days’ notice in writing');
  });

  it('[BIZ-11] [BIZ-12] the DPA ends on 1 month’s notice and its clauses survive 2 years', () => {
    renderAt(['/terms']);
    const dpa = documentArticle('Data Processing Agreement');
    expect(text(section(dpa, 'Term and ending'))).toContain('1 month’s notice in writing');
    expect(text(section(dpa, 'Survival'))).toContain('survive for 2 years after this agreement ends');
  });

  it('[BIZ-13] the order lifecycle: placed and paid, approved or refused, to the supplier, weekly reconciliation', () => {
    renderAt(['/terms']);
    const steps = within(section(documentArticle('Member Terms'), 'How an order works'))
      .getAllByRole('listitem')
      .map((item) => text(item));
    expect(steps).toHaveLength(4);
    expect(steps[0]).toContain('You place and pay for the order.');
    expect(steps[1]).toContain('The Provider approves or refuses it.');
    expect(steps[2]).toContain('Approved orders go to the supplier');
    expect(steps[3]).toContain('Weekly reconciliation follows.');

    const vendorSteps = within(section(documentArticle('Vendor Terms'), 'The order lifecycle'))
      .getAllByRole('listitem')
      .map((item) => text(item));
    expect(vendorSteps).toHaveLength(4);
    expect(vendorSteps[0]).toContain('places an order and pays');
    expect(vendorSteps[1]).toContain('The Provider approves or refuses the order.');
    expect(vendorSteps[2]).toContain('Approved orders are passed to you.');
    expect(vendorSteps[3]).toContain('Weekly reconciliation follows');
  });

  it('[ROLE-11] [ROLE-14] vendors must be approved current subscribers; only the supplier approves refunds', () => {
    renderAt(['/terms']);
    const vendor = documentArticle('Vendor Terms');
    const who = text(section(vendor, 'Who can sell'));
    expect(who).toContain('be a current subscriber to the Provider’s service');
    expect(who).toContain('have each of your goods approved by the Provider');
    expect(text(section(vendor, 'Refunds'))).toContain('Only you approve refunds.');
    expect(
      text(section(documentArticle('Member Terms'), 'Refunds, returns and your consumer rights')),
    ).toContain('Only the supplier approves a refund and asks the Provider to make it.');
  });

  it('[ROLE-10] vendors need the Provider to approve their goods before they are listed', () => {
    renderAt(['/terms']);
    const who = text(section(documentArticle('Vendor Terms'), 'Who can sell'));
    expect(who).toContain('have each of your goods approved by the Provider before it is listed');
  });

  it('[ROLE-12] [ROLE-13] the Provider may refuse orders and suspend vendors or members', () => {
    renderAt(['/terms']);
    const member = documentArticle('Member Terms');
    const refused = text(section(member, 'Refused orders and suspension'));
    expect(refused).toContain('The Provider may refuse any order');
    expect(refused).toContain('may suspend or close a membership, and may suspend a supplier');
  });

  it('[CONST-26] gift cards are valid for 3 years from sending and arrive by MMS', () => {
    renderAt(['/terms']);
    const giftCards = text(section(documentArticle('Member Terms'), 'Gift cards'));
    expect(giftCards).toContain('valid for 3 years from the date it is sent');
    expect(giftCards).toContain('picture message (MMS)');
  });

  it('[CONST-27] messages are not sent after 8pm or before 6am', () => {
    renderAt(['/terms']);
    const messages = text(section(documentArticle('Member Terms'), 'Text and picture messages'));
    expect(messages).toContain('Messages are not sent after 8pm or before 6am');
    expect(messages).toContain('quiet hours, 8pm to 6am');
  });

  it('[CONST-27] the privacy policy states the quiet hours 8pm to 6am', () => {
    renderAt(['/privacy']);
    const messages = text(section(screen.getByRole('article'), 'Text and picture messages'));
    expect(messages).toContain('not sent during quiet hours, 8pm to 6am');
    expect(messages).toContain('waits until 6am');
  });
});

describe('privacy policy content', () => {
  function policySection(heading: string) {
    return text(section(screen.getByRole('article'), heading));
  }

  it('[ROUTE-33] names what is collected, including gift card recipients’ details', () => {
    renderAt(['/privacy']);
    const collected = policySection('What we collect');
    for (const item of ['mobile number', 'name and email address', 'delivery addresses', 'your orders']) {
      expect(collected).toContain(item);
    }
    expect(collected).toContain('the recipient’s name and mobile number, your message');
  });

  it('[ROUTE-33] card numbers stay with the payment provider; only brand, last four digits and expiry are kept', () => {
    renderAt(['/privacy']);
    const cards = policySection('Payment cards');
    expect(cards).toContain('never reaches or is stored on our servers');
    expect(cards).toContain('brand, last four digits and expiry date');
  });

  it('[ROUTE-33] one-time codes are stored only as hashes; complaints go to the OAIC', () => {
    renderAt(['/privacy']);
    expect(policySection('Sign-in codes and security')).toContain('stored only as hashes');
    expect(policySection('Complaints')).toContain('Office of the Australian Information Commissioner (OAIC)');
    expect(policySection('Access and correction')).toContain('correct it');
  });
});

describe('[I11-12] the Provider is named', () => {
  it('the terms say who the Provider is (trading name, ABN) and how to reach support', () => {
    renderAt(['/terms']);
    const page = document.body;
    expect(text(page)).toContain('operated by Quokka Marketplace Pty Ltd, ABN 12 345 679 016 (the Provider');
    expect(screen.getAllByText('ABN 12 345 679 016').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'support@example.com' })[0]).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(screen.getAllByRole('link', { name: '1300 975 707' })[0]).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
  });

  it('the privacy policy gives the same contact', () => {
    renderAt(['/privacy']);
    expect(screen.getByText('ABN 12 345 679 016')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@example.com' })).toBeInTheDocument();
  });
});
