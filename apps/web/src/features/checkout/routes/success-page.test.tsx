import { MSG } from '@quokka/contract/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { fakeShopApi, NS } from '../../cart/test/fake-shop-api';

describe('/success', () => {
  it('[ROUTE-19] [SUCC-01] [SUCC-02] [SUCC-03] Thank You, the merchant and the order number from the success lookup', async () => {
    const api = fakeShopApi();
    api.state.orders.push('123');
    signIn('member-token');
    renderApp('/success');
    expect(await screen.findByRole('heading', { level: 1, name: MSG.thankYou })).toBeInTheDocument();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('000000123');
    expect(screen.getByText('Saltline Surf Co.')).toBeInTheDocument();
    expect(api.log()).toContain(`GET ${NS}/checkoutsuccess`);
  });

  it('[SUCC-01] without an order to show it still thanks, and says where the number will appear', async () => {
    fakeShopApi();
    signIn('member-token');
    renderApp('/success');
    expect(await screen.findByText(MSG.orderNumberPending)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: MSG.thankYou })).toBeInTheDocument();
  });
});
