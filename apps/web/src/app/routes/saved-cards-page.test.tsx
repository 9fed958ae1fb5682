import { MSG } from '@quokka/contract/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PATHS, stubAccountApi } from '../../features/account/test/fake-account-api';
import { signIn } from '../../lib/app-state';
import { renderApp } from '../../test/render-app';

const CARDS = [
  { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2029 },
  { id: 'pm_2', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2031 },
  { id: 'pm_3', brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2030 },
  { id: 'pm_4', brand: 'jcb', last4: '0000', exp_month: 7, exp_year: 2028 },
  { id: 'pm_5', brand: 'unionpay', last4: '0004', exp_month: 9, exp_year: 2027 },
];

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/savedcards', { timeout: 20_000 }, () => {
  it("[ROUTE-24] [ACCT-14] [ACCT-15] [ACCT-16] [API-30] each card's brand logo, '**' and last4, expiry MM/YY", async () => {
    const api = stubAccountApi({ savedCards: CARDS });
    signIn('tok');
    renderApp('/account/savedcards');
    const visa = await screen.findByRole('listitem', { name: 'Visa ending in 4242' }, { timeout: 5_000 });
    expect(within(visa).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(within(visa).getByText('**4242')).toBeInTheDocument();
    expect(within(visa).getByText('04/29')).toBeInTheDocument();

    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'JCB',
      'UnionPay',
    ]);
    expect(within(items[1] as HTMLElement).getByText('**4444')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('12/31')).toBeInTheDocument();
    // [ACCT-14] The logos are drawn by the app itself: nothing is loaded from another host.
    expect(document.querySelectorAll('img[src^="http"], image[href^="http"]')).toHaveLength(0);
    expect(api.calls('GET', PATHS.savedCards)).toHaveLength(1);
  });

  it('says so when there are no saved cards', async () => {
    stubAccountApi({ savedCards: [] });
    signIn('tok');
    renderApp('/account/savedcards');
    expect(await screen.findByText(MSG.noSavedCards, {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
