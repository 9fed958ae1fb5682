import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState, signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { SIGN_OUT_EVERYWHERE_TEXT as SIGN_OUT } from '../../auth/public';
import { aCustomer, anOrder, stubAccountApi } from '../test/fake-account-api';

const section = (name: string) => screen.getByRole('region', { name });

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account', { timeout: 20_000 }, () => {
  it('[ROUTE-20] [ACCT-01] [ROLE-07] shows the billing address, the default shipping address, every shipping address and the orders', async () => {
    stubAccountApi();
    signIn('tok');
    renderApp('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.myAccount }, { timeout: 5_000 }),
    ).toBeInTheDocument();

    const billing = await screen.findByRole('region', { name: MSG.billingAddress }, { timeout: 5_000 });
    expect(within(billing).getByText('1 Harbour St')).toBeInTheDocument();
    expect(within(billing).getByText('Sydney NSW 2000')).toBeInTheDocument();

    // [DATA-36] Only the first street line is shown.
    const shipping = section(MSG.defaultShippingAddress);
    expect(within(shipping).getByText('12 Swan St')).toBeInTheDocument();
    expect(within(shipping).queryByText('Unit 4')).not.toBeInTheDocument();
    expect(within(shipping).getByText('Richmond VIC 3121')).toBeInTheDocument();

    const all = within(section(MSG.shippingAddresses)).getAllByRole('listitem');
    expect(all.map((item) => item.querySelector('address')?.textContent)).toEqual([
      'Jane Citizen1 Harbour StSydney NSW 20000412 345 678',
      'Jane Citizen12 Swan StRichmond VIC 31210412 345 678',
      'Sam Walker7 Ocean RdBondi NSW 20260498 765 432',
    ]);

    const orders = section(MSG.orders);
    expect(await within(orders).findByRole('heading', { name: '#000000102' })).toBeInTheDocument();
    expect(within(orders).getByRole('heading', { name: '#000000101' })).toBeInTheDocument();
    expect(within(orders).getAllByRole('link', { name: /^View Order/ })[0]).toHaveAttribute(
      'href',
      '/account/order/2',
    );

    // The way to each account page.
    const nav = screen.getByRole('navigation', { name: MSG.myAccount });
    expect(within(nav).getByRole('link', { name: MSG.addressInformation })).toHaveAttribute(
      'href',
      '/account/addressinformation',
    );
    expect(within(nav).getByRole('link', { name: MSG.savedCards })).toHaveAttribute(
      'href',
      '/account/savedcards',
    );
  });

  it('[I12-6] signs out everywhere after a confirm: the server ends every session, then this one', async () => {
    const api = stubAccountApi();
    signIn('tok');
    const { user } = renderApp('/account');
    const sessions = await screen.findByRole('region', { name: SIGN_OUT.heading }, { timeout: 5_000 });
    await user.click(within(sessions).getByRole('button', { name: SIGN_OUT.button }));
    const dialog = await screen.findByRole('dialog', { name: SIGN_OUT.confirmTitle });
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: SIGN_OUT.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/rest/default/V1/storefront/signouteverywhere')).toHaveLength(0);

    await user.click(within(sessions).getByRole('button', { name: SIGN_OUT.button }));
    const again = await screen.findByRole('dialog', { name: SIGN_OUT.confirmTitle });
    await user.click(within(again).getByRole('button', { name: SIGN_OUT.button }));
    await waitFor(() => expect(getAppState().auth.isSignedIn).toBe(false));
    const calls = api.calls('POST', '/rest/default/V1/storefront/signouteverywhere');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBe('Bearer tok');
  });

  it('says so when there are no orders and no defaults', async () => {
    stubAccountApi({
      customer: aCustomer({ default_billing: undefined, default_shipping: undefined }),
      orders: [],
    });
    signIn('tok');
    renderApp('/account');
    expect(
      await within(await screen.findByRole('region', { name: MSG.orders })).findByText(MSG.noOrders),
    ).toBeInTheDocument();
    expect(await within(section(MSG.billingAddress)).findByText(MSG.noAddressSet)).toBeInTheDocument();
    expect(within(section(MSG.defaultShippingAddress)).getByText(MSG.noAddressSet)).toBeInTheDocument();
  });

  it('[AUTH-24] [ROUTE-37] an account call answering 401 signs the user out and reloads into /signin', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = stubAccountApi({ expired: true });
    signIn('tok');
    renderApp('/account');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/signin'));
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    // Both account calls carried the bearer token.
    expect(api.requests.map((request) => [request.path, request.authorization]).sort()).toEqual([
      ['/rest/default/V1/carts/mine', 'Bearer tok'],
      ['/rest/default/V1/storefront/orders', 'Bearer tok'],
    ]);
  });

  it('[ROUTE-36] [ROLE-08] signed out: no account call is made and the user lands on /browse', async () => {
    const api = stubAccountApi({ orders: [anOrder(1)] });
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(api.calls('GET', '/rest/default/V1/storefront/orders')).toHaveLength(0);
  });
});
