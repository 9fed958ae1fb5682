import { MSG } from '@quokka/contract/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { anOrder, aSnapshot, stubAccountApi } from '../test/fake-account-api';

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/orders', { timeout: 20_000 }, () => {
  it('[ROUTE-25] [ACCT-17] [API-34] each order shows increment id, customer name, shipping address and total', async () => {
    stubAccountApi({
      orders: [
        anOrder(9, {
          customer_name: 'Sam Walker',
          grand_total: 1234.5,
          shipping_address: aSnapshot(13, {
            street: ['7 Ocean Rd', 'Flat 2'],
            city: 'Bondi',
            postcode: '2026',
          }),
        }),
        anOrder(4),
      ],
    });
    signIn('tok');
    renderApp('/account/orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.myOrders }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: '#000000109' }, { timeout: 5_000 });
    expect(within(first).getByText('Sam Walker')).toBeInTheDocument();
    expect(within(first).getByText('7 Ocean Rd, Bondi NSW 2026')).toBeInTheDocument();
    expect(within(first).getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'order-9-title',
      'order-4-title',
    ]);
  });

  it('[ACCT-18] View Order leads to /account/order/{id}', async () => {
    stubAccountApi({ orders: [anOrder(9), anOrder(4)] });
    signIn('tok');
    const { user, router } = renderApp('/account/orders');
    const second = await screen.findByRole('article', { name: '#000000104' }, { timeout: 5_000 });
    const view = within(second).getByRole('link', { name: /^View Order/ });
    expect(view).toHaveTextContent(MSG.viewOrder);
    await user.click(view);
    expect(await screen.findByRole('heading', { level: 1, name: MSG.viewOrder })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/order/4');
  });

  it('says so when there are no orders', async () => {
    stubAccountApi({ orders: [] });
    signIn('tok');
    renderApp('/account/orders');
    expect(await screen.findByText(MSG.noOrders, {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
