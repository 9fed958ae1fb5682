import type { Place } from '@quokka/contract/api/places';
import { COUNTRY_ID } from '@quokka/contract/constants';
import { CITY_MAX, MOBILE_MAX, NAME_MAX, STREET_MAX } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { validateAddressParts } from '@quokka/contract/validate-address';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent, ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/render-app';
import { useForm } from '../forms/use-form';
import { AddressFields, useAddressEntry } from './address-fields';
import { AddressForm, type AddressFormProps } from './address-form';

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

const STATE_OPTIONS = [
  MSG.statePlaceholder,
  'Australian Capital Territory',
  'New South Wales',
  'Victoria',
  'Queensland',
  'South Australia',
  'Tasmania',
  'Western Australia',
  'Northern Territory',
];

/** The registration's use: the address part inside a form of its own, with 'Select country'. */
function RegistrationAddress() {
  const form = useForm({
    street_address: '',
    suburb: '',
    state: MSG.statePlaceholder,
    country: COUNTRY_ID,
    postcode: '',
  });
  const entry = useAddressEntry(form);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    entry.showErrors(validateAddressParts(form.values), []);
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <AddressFields idPrefix="reg" form={form} entry={entry} countryPlaceholder />
      <button type="submit">{MSG.register}</button>
    </form>
  );
}

const checkout = (props: Partial<AddressFormProps> = {}) => (
  <AddressForm
    title={MSG.addNewAddress}
    initial={{ fullname: 'Jane Citizen', mobile: '+61412345678' }}
    onSave={async () => null}
    onCancel={() => undefined}
    {...props}
  />
);
const account = (props: Partial<AddressFormProps> = {}) => (
  <AddressForm
    initial={{ fullname: 'Jane Citizen', mobile: '+61412345678' }}
    onSave={async () => null}
    {...props}
  />
);

const USAGES = [
  { name: 'checkout', ui: () => checkout(), submit: MSG.saveAddress },
  { name: 'account', ui: () => account(), submit: MSG.saveAddress },
  { name: 'registration', ui: () => <RegistrationAddress />, submit: MSG.register },
];

function setUp(ui: ReactElement) {
  stubApi({ '/rest/default/V1/storefront/places': { data: [NEWTOWN] } });
  const user = userEvent.setup();
  render(ui);
  return user;
}

describe('the one address form', () => {
  for (const usage of USAGES) {
    describe(`in ${usage.name}`, () => {
      it('[REG-06] [REG-09] [VAL-09] [VAL-30] the address search, then the same manual fields, state placeholder and country', async () => {
        const user = setUp(usage.ui());
        expect(screen.getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveAttribute(
          'aria-autocomplete',
          'list',
        );
        expect(screen.queryByLabelText(MSG.streetAddressLabel)).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
        expect(screen.getByLabelText(MSG.streetAddressLabel)).toHaveAttribute('name', 'street_address');
        expect(screen.getByLabelText(MSG.suburbLabel)).toHaveAttribute('name', 'suburb');
        expect(screen.getByLabelText(MSG.postcodeLabel)).toHaveAttribute('maxlength', '4');
        const state = screen.getByRole('combobox', { name: MSG.stateLabel });
        expect(state).toHaveValue(MSG.statePlaceholder);
        expect(
          within(state)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toEqual(STATE_OPTIONS);
        const country = screen.getByRole('combobox', { name: MSG.countryLabel });
        expect(country).toHaveValue(COUNTRY_ID);
        expect(
          within(country)
            .getAllByRole('option')
            .filter((option) => option.getAttribute('value')),
        ).toHaveLength(1);
      });

      it('[VAL-06] [VAL-07] [VAL-08] [VAL-11] [VAL-13] [VAL-14] [VAL-24] [VAL-25] [VAL-26] [VAL-28] [VAL-29] missing parts show their messages, reveal the fields and focus the address search', async () => {
        const user = setUp(usage.ui());
        await user.click(screen.getByRole('button', { name: usage.submit }));
        for (const message of [MSG.missingStreet, MSG.missingSuburb, MSG.missingState, MSG.missingPostcode]) {
          expect(screen.getByText(message)).toBeInTheDocument();
        }
        expect(screen.getByLabelText(MSG.streetAddressLabel)).toHaveAttribute('aria-invalid', 'true');
        await waitFor(() =>
          expect(screen.getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveFocus(),
        );
        // A field's message goes once it is changed.
        await user.type(screen.getByLabelText(MSG.suburbLabel), 'Carlton');
        expect(screen.queryByText(MSG.missingSuburb)).not.toBeInTheDocument();
      });

      it('[REG-06] a chosen place fills the revealed fields and keeps the street typed before the comma', async () => {
        const user = setUp(usage.ui());
        await user.type(screen.getByRole('combobox', { name: MSG.addressSearchLabel }), '12 King St, Newt');
        await user.click(await screen.findByRole('option', { name: 'Newtown NSW 2042' }));
        expect(screen.getByLabelText(MSG.streetAddressLabel)).toHaveValue('12 King St');
        expect(screen.getByLabelText(MSG.suburbLabel)).toHaveValue('Newtown');
        expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue('NSW');
        expect(screen.getByLabelText(MSG.postcodeLabel)).toHaveValue('2042');
      });
    });
  }

  it('[CHK-11] [CHK-12] [VAL-20] [VAL-21] checkout and account show the name and the mobile the Australian way, with the same messages', async () => {
    for (const ui of [checkout(), account()]) {
      const user = setUp(ui);
      expect(screen.getByLabelText(MSG.fullNameLabel)).toHaveValue('Jane Citizen');
      expect(screen.getByLabelText(MSG.mobileLabel)).toHaveValue('0412 345 678');
      await user.clear(screen.getByLabelText(MSG.fullNameLabel));
      await user.type(screen.getByLabelText(MSG.fullNameLabel), 'Cher');
      await user.clear(screen.getByLabelText(MSG.mobileLabel));
      await user.click(screen.getByRole('button', { name: MSG.saveAddress }));
      expect(screen.getByText(MSG.fullName)).toBeInTheDocument();
      expect(screen.getByText(MSG.validMobile)).toBeInTheDocument();
      cleanup();
    }
  });

  it('[I12-10] the fields carry the lengths the server accepts', async () => {
    const user = setUp(checkout());
    expect(screen.getByLabelText(MSG.fullNameLabel)).toHaveAttribute('maxlength', String(NAME_MAX));
    expect(screen.getByLabelText(MSG.mobileLabel)).toHaveAttribute('maxlength', String(MOBILE_MAX));
    await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
    expect(screen.getByLabelText(MSG.streetAddressLabel)).toHaveAttribute('maxlength', String(STREET_MAX));
    expect(screen.getByLabelText(MSG.suburbLabel)).toHaveAttribute('maxlength', String(CITY_MAX));
  });

  it('[CHK-12] checkout names the form Add New Address and offers Cancel', () => {
    const onCancel = vi.fn();
    setUp(checkout({ onCancel }));
    const form = screen.getByRole('form', { name: MSG.addNewAddress });
    expect(within(form).getByRole('button', { name: MSG.cancel })).toBeInTheDocument();
  });

  it('[VAL-22] [VAL-23] [ERR-12] a valid address is saved as typed; the server’s messages land beside the fields', async () => {
    const onSave = vi.fn(async () => ({ postcode: 'Postcode 2042 is not in Victoria' }));
    const user = setUp(account({ onSave, showManualFields: true }));
    await user.type(screen.getByLabelText(MSG.streetAddressLabel), '12 King St');
    await user.type(screen.getByLabelText(MSG.suburbLabel), 'Newtown');
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.stateLabel }), 'NSW');
    await user.type(screen.getByLabelText(MSG.postcodeLabel), '2042');
    await user.click(screen.getByRole('button', { name: MSG.saveAddress }));
    expect(onSave).toHaveBeenCalledWith({
      fullname: 'Jane Citizen',
      mobile: '0412 345 678',
      street_address: '12 King St',
      suburb: 'Newtown',
      state: 'NSW',
      country: COUNTRY_ID,
      postcode: '2042',
    });
    const postcode = screen.getByLabelText(MSG.postcodeLabel);
    await waitFor(() => expect(postcode).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(postcode.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Postcode 2042 is not in Victoria',
    );
  });
});
