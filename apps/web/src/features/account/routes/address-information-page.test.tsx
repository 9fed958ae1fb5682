import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppState, signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { PATHS, stubAccountApi } from '../test/fake-account-api';

async function openAddressInformation() {
  const api = stubAccountApi();
  signIn('tok');
  const app = renderApp('/account/addressinformation');
  await screen.findByRole('region', { name: MSG.billingAddress }, { timeout: 5_000 });
  return { ...app, api };
}

const section = (name: string) => screen.getByRole('region', { name });

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/addressinformation', { timeout: 20_000 }, () => {
  it('[ROUTE-21] [ACCT-02] [ACCT-04] has Add New Address and lists every shipping address', async () => {
    const { user, router } = await openAddressInformation();
    const items = within(section(MSG.shippingAddresses)).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent('7 Ocean Rd');
    // The defaults are marked in the list.
    expect(within(items[0] as HTMLElement).getByText(MSG.billingAddress)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(MSG.defaultShippingAddress)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: MSG.addNewAddress }));
    expect(await screen.findByRole('heading', { level: 1, name: MSG.addNewAddress })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/addaddress');
  });

  it('[ACCT-03] one Edit button for the billing address and one for the default shipping address', async () => {
    const { user, router } = await openAddressInformation();
    expect(screen.getAllByRole('link', { name: MSG.edit })).toHaveLength(2);
    const billingEdit = within(section(MSG.billingAddress)).getByRole('link', { name: MSG.edit });
    expect(billingEdit).toHaveAttribute('href', '/account/addaddress?id=11');
    expect(within(section(MSG.defaultShippingAddress)).getByRole('link', { name: MSG.edit })).toHaveAttribute(
      'href',
      '/account/addaddress?id=12',
    );

    // The same form, filled with the default shipping address.
    await user.click(within(section(MSG.defaultShippingAddress)).getByRole('link', { name: MSG.edit }));
    expect(await screen.findByRole('heading', { level: 1, name: MSG.editAddress })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=12');
    expect(await screen.findByLabelText(MSG.streetAddressLabel)).toHaveValue('12 Swan St');
    expect(screen.getByLabelText(MSG.suburbLabel)).toHaveValue('Richmond');
  });

  it('[ACCT-05] [ACCT-06] [ACCT-07] [ACCT-08] [API-33] Set Default Shipping: a Set button per address, then the cart is fetched again and the page shows the new default', async () => {
    const { user, api, router } = await openAddressInformation();
    const cartCalls = api.calls('GET', PATHS.cart).length;

    await user.click(screen.getByRole('button', { name: MSG.setDefaultShipping }));
    const popup = await screen.findByRole('dialog', { name: MSG.setDefaultShipping });
    const choices = within(popup).getAllByRole('listitem');
    expect(choices).toHaveLength(3);
    for (const choice of choices) {
      expect(within(choice).getByRole('button', { name: /^Set / })).toHaveTextContent(MSG.set);
    }
    // The current default is marked.
    expect(within(choices[1] as HTMLElement).getByText(MSG.currentDefault)).toBeInTheDocument();

    await user.click(within(choices[2] as HTMLElement).getByRole('button', { name: /^Set / }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', PATHS.setDefaultShipping).map((request) => request.body)).toEqual([
      { address_id: 13 },
    ]);
    // [ACCT-07] The cart was fetched again after the change …
    expect(api.calls('GET', PATHS.cart).length).toBeGreaterThan(cartCalls);
    // … [ACCT-08] and the address page shows the new default.
    expect(router.state.location.pathname).toBe('/account/addressinformation');
    await waitFor(() =>
      expect(within(section(MSG.defaultShippingAddress)).getByText('7 Ocean Rd')).toBeInTheDocument(),
    );
    expect(within(section(MSG.billingAddress)).getByText('1 Harbour St')).toBeInTheDocument();
    expect(getAppState().loaders).toEqual([]);
  });

  it('[ACCT-05] [ACCT-07] [API-32] Set Default Billing sets the billing address', async () => {
    const { user, api } = await openAddressInformation();
    await user.click(screen.getByRole('button', { name: MSG.setDefaultBilling }));
    const popup = await screen.findByRole('dialog', { name: MSG.setDefaultBilling });
    await user.click(within(popup).getByRole('button', { name: 'Set 12 Swan St, Richmond VIC 3121' }));
    await waitFor(() =>
      expect(within(section(MSG.billingAddress)).getByText('12 Swan St')).toBeInTheDocument(),
    );
    expect(api.calls('POST', PATHS.setDefaultBilling).map((request) => request.body)).toEqual([
      { address_id: 12 },
    ]);
    expect(api.state.customer.default_billing).toBe('12');
  });

  it('an address gone meanwhile: the message popup says so and the list is fetched again', async () => {
    const { user, api } = await openAddressInformation();
    await user.click(screen.getByRole('button', { name: MSG.setDefaultShipping }));
    const popup = await screen.findByRole('dialog', { name: MSG.setDefaultShipping });
    api.state.customer.addresses = api.state.customer.addresses.filter((address) => address.id !== 13);
    await user.click(within(popup).getByRole('button', { name: /7 Ocean Rd/ }));
    await waitFor(() => expect(getAppState().message?.text).toBe(MSG.addressNotFound));
    await waitFor(() =>
      expect(within(section(MSG.shippingAddresses)).getAllByRole('listitem')).toHaveLength(2),
    );
  });
});
