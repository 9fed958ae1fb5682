import type { AddressWire } from '@quokka/contract/api/address';
import type { Place } from '@quokka/contract/api/places';
import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { anAddress } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { aCustomer, PATHS, stubAccountApi } from '../test/fake-account-api';

const NEWTOWN: Place = {
  id: '2042',
  description: 'Newtown NSW 2042',
  suburb: 'Newtown',
  state: 'NSW',
  region_id: 570,
  postcode: '2042',
  country_id: 'AU',
  street: null,
};

async function openAddAddress(
  path = '/account/addaddress',
  options: Parameters<typeof stubAccountApi>[0] = {},
) {
  const api = stubAccountApi({ places: [NEWTOWN], ...options });
  signIn('tok');
  const app = renderApp(path);
  await screen.findByLabelText(MSG.fullNameLabel, {}, { timeout: 5_000 });
  return { ...app, api };
}

const field = (label: string) => screen.getByLabelText(label);
const saveButton = () => screen.getByRole('button', { name: MSG.saveAddress });
const putBodies = (api: ReturnType<typeof stubAccountApi>) =>
  api
    .calls('PUT', PATHS.customersMe)
    .map((request) => request.body as { customer: { addresses: AddressWire[] } });

// Typing a whole address takes a while in jsdom on a busy machine.
describe('/account/addaddress', { timeout: 20_000 }, () => {
  it('[ROUTE-22] [ACCT-09] [ACCT-10] [ACCT-11] [ACCT-12] [VAL-30] fullname, mobile, the address search, the manual fields and Save Address', async () => {
    const { user } = await openAddAddress();
    expect(screen.getByRole('heading', { level: 1, name: MSG.addNewAddress })).toBeInTheDocument();
    // The member's own name and mobile to start with.
    expect(field(MSG.fullNameLabel)).toHaveValue('Jane Citizen');
    expect(field(MSG.mobileLabel)).toHaveValue('0412 345 678');
    expect(screen.getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveAttribute(
      'aria-autocomplete',
      'list',
    );
    expect(saveButton()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
    expect(field(MSG.streetAddressLabel)).toBeInTheDocument();
    expect(field(MSG.suburbLabel)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue(MSG.statePlaceholder);
    expect(field(MSG.postcodeLabel)).toBeInTheDocument();
    // [VAL-30] The country is Australia and nothing else.
    const country = screen.getByRole('combobox', { name: MSG.countryLabel });
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['AU']);
    expect(country).toHaveValue('AU');
  });

  it('[ACCT-10] [API-31] [VAL-22] [VAL-23] a place from the search, saved with the whole address book; back on the address page', async () => {
    const { user, api, router } = await openAddAddress();
    await user.clear(field(MSG.fullNameLabel));
    await user.type(field(MSG.fullNameLabel), 'Mary Anne Smith');
    await user.clear(field(MSG.mobileLabel));
    await user.type(field(MSG.mobileLabel), '0498 111 222');
    await user.type(screen.getByRole('combobox', { name: MSG.addressSearchLabel }), '5 King St, Newt');
    await user.click(await screen.findByRole('option', { name: 'Newtown NSW 2042' }));
    expect(field(MSG.streetAddressLabel)).toHaveValue('5 King St');
    expect(field(MSG.suburbLabel)).toHaveValue('Newtown');
    expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue('NSW');
    expect(field(MSG.postcodeLabel)).toHaveValue('2042');

    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/addressinformation'));

    const [body] = putBodies(api);
    expect(body?.customer).toMatchObject({
      email: 'jane@example.com',
      firstname: 'Jane',
      lastname: 'Citizen',
    });
    const addresses = body?.customer.addresses ?? [];
    // Every address that stays goes back with its id; the new one has none.
    expect(addresses.map((address) => address.id)).toEqual([11, 12, 13, undefined]);
    expect(addresses[3]).toEqual({
      firstname: 'Mary',
      lastname: 'Anne Smith',
      telephone: '+61498111222',
      street: ['5 King St'],
      city: 'Newtown',
      postcode: '2042',
      region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
      region_id: 570,
      country_id: 'AU',
    });
    // The address page shows the book from a fresh cart.
    expect(await screen.findByText('5 King St')).toBeInTheDocument();
  });

  describe('the §5 messages beside the fields, and nothing sent', () => {
    it('[VAL-20] [VAL-21] a missing mobile and a one-word name', async () => {
      const { user, api } = await openAddAddress();
      await user.clear(field(MSG.fullNameLabel));
      await user.type(field(MSG.fullNameLabel), 'Cher');
      await user.clear(field(MSG.mobileLabel));
      // With the address complete, the first field with a message takes focus (a missing address part
      // would send focus to the address search first [VAL-14]).
      await user.type(screen.getByRole('combobox', { name: MSG.addressSearchLabel }), '5 King St, Newt');
      await user.click(await screen.findByRole('option', { name: 'Newtown NSW 2042' }));
      await user.click(saveButton());
      expect(await screen.findByText(MSG.fullName)).toBeInTheDocument();
      expect(screen.getByText(MSG.validMobile)).toBeInTheDocument();
      expect(field(MSG.fullNameLabel)).toHaveAttribute('aria-invalid', 'true');
      expect(field(MSG.fullNameLabel)).toHaveFocus();
      expect(putBodies(api)).toEqual([]);
    });

    it('[VAL-24] [VAL-25] [VAL-26] [VAL-28] [VAL-29] missing parts reveal the manual fields, each with its message', async () => {
      const { user, api } = await openAddAddress();
      expect(screen.queryByLabelText(MSG.streetAddressLabel)).not.toBeInTheDocument();
      await user.click(saveButton());
      // [VAL-29] The manual fields appear, and the address search takes focus.
      expect(await screen.findByLabelText(MSG.streetAddressLabel)).toBeInTheDocument();
      expect(screen.getByText(MSG.missingStreet)).toBeInTheDocument();
      expect(screen.getByText(MSG.missingSuburb)).toBeInTheDocument();
      expect(screen.getByText(MSG.missingState)).toBeInTheDocument();
      expect(screen.getByText(MSG.missingPostcode)).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveFocus();
      expect(putBodies(api)).toEqual([]);

      // A field's message goes once it is changed.
      await user.type(field(MSG.suburbLabel), 'Carlton');
      expect(screen.queryByText(MSG.missingSuburb)).not.toBeInTheDocument();
    });

    it("[VAL-26] the state placeholder 'Enter State' counts as missing", async () => {
      const { user } = await openAddAddress();
      await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
      await user.type(field(MSG.streetAddressLabel), '1 Lygon St');
      await user.type(field(MSG.suburbLabel), 'Carlton');
      await user.type(field(MSG.postcodeLabel), '3053');
      await user.click(saveButton());
      expect(await screen.findByText(MSG.missingState)).toBeInTheDocument();
      expect(screen.queryByText(MSG.missingStreet)).not.toBeInTheDocument();
    });

    it('[VAL-27] [ERR-12] the server’s input_validation is shown beside its field', async () => {
      const { user, api } = await openAddAddress('/account/addaddress', {
        putCustomer: () => ({
          status: 400,
          body: {
            status: false,
            message: MSG.missingCountry,
            input_validation: { country: [MSG.missingCountry] },
          },
        }),
      });
      await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
      await user.type(field(MSG.streetAddressLabel), '1 Lygon St');
      await user.type(field(MSG.suburbLabel), 'Carlton');
      await user.selectOptions(screen.getByRole('combobox', { name: MSG.stateLabel }), 'VIC');
      await user.type(field(MSG.postcodeLabel), '3053');
      await user.click(saveButton());
      expect(await screen.findByText(MSG.missingCountry)).toBeInTheDocument();
      expect(putBodies(api)).toHaveLength(1);
      // Still on the form, with what was typed.
      expect(field(MSG.streetAddressLabel)).toHaveValue('1 Lygon St');
    });
  });

  it('[ACCT-03] [API-31] editing: the form is filled with the address, and PUT keeps its id', async () => {
    const { user, api, router } = await openAddAddress('/account/addaddress?id=13');
    expect(screen.getByRole('heading', { level: 1, name: MSG.editAddress })).toBeInTheDocument();
    expect(field(MSG.fullNameLabel)).toHaveValue('Sam Walker');
    expect(field(MSG.mobileLabel)).toHaveValue('0498 765 432');
    expect(field(MSG.streetAddressLabel)).toHaveValue('7 Ocean Rd');
    expect(field(MSG.suburbLabel)).toHaveValue('Bondi');
    expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue('NSW');
    expect(field(MSG.postcodeLabel)).toHaveValue('2026');

    await user.clear(field(MSG.streetAddressLabel));
    await user.type(field(MSG.streetAddressLabel), '9 Campbell Pde');
    await user.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/addressinformation'));
    const addresses = putBodies(api)[0]?.customer.addresses ?? [];
    expect(addresses.map((address) => address.id)).toEqual([11, 12, 13]);
    expect(addresses[2]).toMatchObject({
      id: 13,
      street: ['9 Campbell Pde'],
      city: 'Bondi',
      firstname: 'Sam',
    });
    expect(addresses[0]).toMatchObject({ id: 11, street: ['1 Harbour St'] });
  });

  it('editing an address that is not the member’s (or gone) says so', async () => {
    stubAccountApi();
    signIn('tok');
    renderApp('/account/addaddress?id=999');
    expect(await screen.findByText(MSG.addressNotFound, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.backToAddresses })).toHaveAttribute(
      'href',
      '/account/addressinformation',
    );
    expect(screen.queryByRole('button', { name: MSG.saveAddress })).not.toBeInTheDocument();
  });

  it('[ERR-14] a stored region the table does not know is only logged; the state starts empty, no message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const odd = anAddress({
      id: 21,
      region: { region: 'Atlantis', region_code: 'AT', region_id: 999 },
      region_id: 999,
    });
    await openAddAddress('/account/addaddress?id=21', { customer: aCustomer({ addresses: [odd] }) });
    expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue(MSG.statePlaceholder);
    expect(warn).toHaveBeenCalledWith('Region not found while mapping a state', odd.region);
    expect(screen.queryByText(MSG.missingState)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the first address of a member becomes both defaults', async () => {
    const { user, api } = await openAddAddress('/account/addaddress', {
      customer: aCustomer({ addresses: [], default_billing: undefined, default_shipping: undefined }),
    });
    await user.type(screen.getByRole('combobox', { name: MSG.addressSearchLabel }), '5 King St, Newt');
    await user.click(await screen.findByRole('option', { name: 'Newtown NSW 2042' }));
    await user.click(saveButton());
    await waitFor(() => expect(putBodies(api)).toHaveLength(1));
    expect(putBodies(api)[0]?.customer.addresses).toEqual([
      expect.objectContaining({ street: ['5 King St'], default_billing: true, default_shipping: true }),
    ]);
  });
});
