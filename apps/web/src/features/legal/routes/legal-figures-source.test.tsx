import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The pages must state whatever the contract's TERMS says, so that they and the vendor reconciliation can
// never disagree. With every figure changed, no figure of SPEC.md §9 may remain in the prose: a figure typed
// into the JSX would show up here.
vi.mock('@quokka/contract/constants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@quokka/contract/constants')>();
  return {
    ...actual,
    TERMS: {
      serviceFeePercent: 4.7,
      commissionPercent: 5.3,
      reconciliationDays: 9,
      reconciliationEnds: 'Friday 4:30pm',
      remittanceBusinessDays: 6,
      taxInvoiceDaysAfterMonthEnd: 21,
      chargebackMonths: 8,
      liabilityCapDollars: 250,
      termsChangeNoticeDays: 45,
      subProcessorNoticeDays: 11,
      auditNoticeDays: 12,
      dpaTerminationNoticeMonths: 4,
      dpaSurvivalYears: 6,
      quietHours: '9pm to 7am',
    },
    QUIET_HOURS: { startHour: 21, endHour: 7 },
  };
});

// Test files share their worker's modules (isolate: false, apps/web/vite.config.ts): another file may have
// loaded the pages with the real TERMS already, and the mock must not reach the files after this one. So
// the pages are loaded afresh once the mock is in place, and the mock is taken away at the end.
let TermsPage: typeof import('./terms-page').TermsPage;
let PrivacyPage: typeof import('./privacy-page').PrivacyPage;
beforeAll(async () => {
  vi.resetModules();
  ({ TermsPage } = await import('./terms-page'));
  ({ PrivacyPage } = await import('./privacy-page'));
});
afterAll(() => {
  vi.doUnmock('@quokka/contract/constants');
  vi.resetModules();
});

function pageText(page: 'terms' | 'privacy') {
  render(<MemoryRouter>{page === 'terms' ? <TermsPage /> : <PrivacyPage />}</MemoryRouter>);
  return (screen.getByRole('heading', { level: 1 }).parentElement?.textContent ?? '').replace(/\s+/g, ' ');
}

/** A figure standing on its own: '5 days' matches in 'at least 5 days' but not in '45 days'. */
function figurePattern(figure: string) {
  return new RegExp(`(?<![\\d.$])${figure.replace(/[.$]/g, '\\$&')}`);
}

describe('legal figures come from TERMS', () => {
  it('[BIZ-01..BIZ-12] /terms states the figures of TERMS and none typed into the prose', () => {
    const terms = pageText('terms');
    for (const figure of [
      'service fee of 4.7%',
      'commission of 5.3%',
      'the 9 days ending Friday 4:30pm',
      'within 6 business days',
      'within 21 days after the end of each month',
      'within 8 months of the order',
      'limited to $250.00',
      '45 days’ notice',
      '11 days’ notice before adding or replacing a sub-processor',
      '12 days’ notice in writing',
      '4 months’ notice',
      'survive for 6 years',
      'not sent after 9pm or before 7am',
    ]) {
      expect(terms).toContain(figure);
    }
    for (const specFigure of [
      '2.9%',
      '3.1%',
      '11:59am',
      '2 business days',
      '14 days',
      '3 months',
      '$1.00',
      '30 days',
      '5 days',
      '1 month',
      '2 years',
      '8pm',
      '6am',
    ]) {
      expect(terms).not.toMatch(figurePattern(specFigure));
    }
  });

  it('[CONST-27] /privacy states the quiet hours of TERMS', () => {
    const privacy = pageText('privacy');
    expect(privacy).toContain('quiet hours, 9pm to 7am');
    expect(privacy).not.toMatch(figurePattern('8pm'));
    expect(privacy).not.toMatch(figurePattern('6am'));
  });
});
