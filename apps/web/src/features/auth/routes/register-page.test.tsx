import type { Place } from '@quokka/contract/api/places';
import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { SANDBOX_R_TOKEN } from '../../../lib/captcha';
import { renderApp } from '../../../test/render-app';
import { pathAfterRegistration } from '../auth-session';
import { type FakeAuthApiOptions, stubAuthApi } from '../test/fake-auth-api';

// The popups load on first use; loading them once here keeps the first test's wait short.
beforeAll(async () => {
  await import('../components/auth-popup-content');
});

// The form kept for the Terms lives in sessionStorage, which the shared set-up does not clear.
afterEach(() => sessionStorage.clear());

const JWT = 'eyJhbGciOiJIUzI1NiJ9.verified-mobile.sig';

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

/** A shopper who proved a mobile and arrives on /register; the welcome is dismissed unless asked. */
async function openRegistration(
  options: FakeAuthApiOptions = {},
  { keepWelcome = false, mobile = '+61412345678' } = {},
) {
  localStorage.setItem('jwt', JWT);
  localStorage.setItem('mobile', mobile);
  const api = stubAuthApi({ places: () => [NEWTOWN], ...options });
  const app = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: MSG.registrationHeading });
  if (!keepWelcome) {
    const welcome = await screen.findByRole('dialog', { name: MSG.welcomeTitle });
    await app.user.click(within(welcome).getByRole('button', { name: MSG.gotIt }));
  }
  return { ...app, api };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillValidForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(field(MSG.fullNameLabel), 'Jane van Dyke');
  await user.type(field(MSG.emailLabel), 'jane@example.com');
  await user.type(field(MSG.addressSearchLabel), '12 King St, Newt');
  await user.click(await screen.findByRole('option', { name: 'Newtown NSW 2042' }));
  await user.click(screen.getByRole('checkbox'));
}

describe('/register', () => {
  it('[ROUTE-12] [REG-03] [REG-04] [REG-05] [REG-06] [REG-07] [REG-08] [REG-10] [REG-11] shows the header and every field', async () => {
    const { user } = await openRegistration();
    expect(field(MSG.mobileLabel)).toHaveAttribute('readonly');
    expect(field(MSG.mobileLabel)).toHaveValue('0412 345 678');
    expect(field(MSG.fullNameLabel)).toBeInTheDocument();
    expect(field(MSG.emailLabel)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveAttribute(
      'aria-autocomplete',
      'list',
    );
    expect(
      screen.getByRole('checkbox', { name: `${MSG.termsAccept} ${MSG.termsAndConditions}` }),
    ).not.toBeChecked();
    expect(screen.getByRole('link', { name: MSG.termsAndConditions })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('button', { name: MSG.register })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
    expect(field(MSG.streetAddressLabel)).toBeInTheDocument();
    expect(field(MSG.suburbLabel)).toBeInTheDocument();
    expect(field(MSG.postcodeLabel)).toBeInTheDocument();
    const state = screen.getByRole('combobox', { name: MSG.stateLabel });
    expect(state.tagName).toBe('SELECT');
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      MSG.statePlaceholder,
      'Australian Capital Territory',
      'New South Wales',
      'Victoria',
      'Queensland',
      'South Australia',
      'Tasmania',
      'Western Australia',
      'Northern Territory',
    ]);
    const country = screen.getByRole('combobox', { name: MSG.countryLabel });
    expect(country).toHaveValue('AU');
    expect(
      within(country)
        .getAllByRole('option')
        .filter((option) => option.getAttribute('value')),
    ).toHaveLength(1);
  });

  it('[ROUTE-13] [ROLE-09] a signed-in member who opens /register goes to /browse', async () => {
    stubAuthApi();
    signIn('bearer-token');
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
  });

  it('without a proven mobile, explains and offers the mobile popup', async () => {
    stubAuthApi();
    const { user } = renderApp('/register');
    expect(
      await screen.findByRole('heading', { name: MSG.registrationNeedsMobileTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(MSG.fullNameLabel)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.verifyMyMobile }));
    expect(await screen.findByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
  });

  it('[REG-12] [REG-13] [REG-14] [REG-15] [REG-16] the welcome shows on arrival with the link’s seller, closes with Got it and reopens', async () => {
    localStorage.setItem('product_id', '31');
    const { user, api } = await openRegistration({ sellerName: 'Bush Crafts Co' }, { keepWelcome: true });
    const welcome = await screen.findByRole('dialog', { name: MSG.welcomeTitle });
    expect(
      await within(welcome).findByText(`Bush Crafts Co ${MSG.welcomeAuthorisedVendor}`),
    ).toBeInTheDocument();
    expect(welcome).toHaveTextContent(MSG.welcomeOneTime);
    expect(welcome).toHaveTextContent(MSG.welcomeNoPasswords);
    expect(api.requests.find((request) => request.path.endsWith('/seller'))?.query.get('product_id')).toBe(
      '31',
    );
    await user.click(within(welcome).getByRole('button', { name: MSG.gotIt }));
    expect(screen.queryByRole('dialog', { name: MSG.welcomeTitle })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.welcomeReopen }));
    expect(await screen.findByRole('dialog', { name: MSG.welcomeTitle })).toBeInTheDocument();
  });

  it('[REG-13] without a known seller the welcome names "This store"', async () => {
    await openRegistration({}, { keepWelcome: true });
    const welcome = await screen.findByRole('dialog', { name: MSG.welcomeTitle });
    expect(
      within(welcome).getByText(`${MSG.welcomeThisStore} ${MSG.welcomeAuthorisedVendor}`),
    ).toBeInTheDocument();
  });

  it('[REG-09] [VAL-04] [VAL-05] [VAL-06] [VAL-07] [VAL-08] [VAL-09] [VAL-11] [VAL-12] [VAL-13] [VAL-14] an empty form shows every message, reveals the address fields and focuses the address box', async () => {
    const { user, api } = await openRegistration();
    expect(screen.queryByLabelText(MSG.streetAddressLabel)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.register }));

    for (const message of [
      MSG.fullName,
      MSG.validEmail,
      MSG.missingStreet,
      MSG.missingSuburb,
      MSG.missingState,
      MSG.missingPostcode,
      MSG.acceptTerms,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // [VAL-09] The state select still shows its placeholder, which counts as missing.
    expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue(MSG.statePlaceholder);
    expect(field(MSG.streetAddressLabel)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('combobox', { name: MSG.addressSearchLabel })).toHaveFocus());
    expect(api.sent('createAccount')).toHaveLength(0);
  });

  it('[VAL-04] [VAL-05] [VAL-10] a one-word name, a malformed email and no country are refused', async () => {
    const { user } = await openRegistration();
    await user.type(field(MSG.fullNameLabel), 'Jane');
    await user.type(field(MSG.emailLabel), 'jane@example');
    await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.countryLabel }), '');
    await user.click(screen.getByRole('button', { name: MSG.register }));
    expect(screen.getByText(MSG.fullName)).toBeInTheDocument();
    expect(screen.getByText(MSG.validEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.missingCountry)).toBeInTheDocument();
  });

  it('[VAL-03] a stored mobile that is not a valid mobile shows "Please enter a valid mobile"', async () => {
    const { user } = await openRegistration({}, { mobile: '12' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MSG.register }));
    expect(screen.getByText(MSG.validMobile)).toBeInTheDocument();
  });

  it('[VAL-15] [ERR-13] [API-19] an email already in use is reported when leaving the field', async () => {
    const { user, api } = await openRegistration({
      emailAvailable: (email) => email !== 'taken@example.com',
    });
    await user.type(field(MSG.emailLabel), 'taken@example.com');
    await user.tab();
    expect(await screen.findByText(MSG.emailExists)).toBeInTheDocument();
    // [I12-13] With the verified-mobile token the form holds: the server answers no one without it.
    expect(api.sent('isEmailAvailable')).toEqual([
      { customerEmail: 'taken@example.com', websiteId: 1, jwt: JWT },
    ]);

    await user.clear(field(MSG.emailLabel));
    await user.type(field(MSG.emailLabel), 'free@example.com');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(MSG.emailExists)).not.toBeInTheDocument());
  });

  it('[REG-06] [REG-09] the address search lists places, is keyboard navigable and fills the revealed fields', async () => {
    const { user, api } = await openRegistration();
    const search = screen.getByRole('combobox', { name: MSG.addressSearchLabel });
    await user.type(search, '12 King St, Newt');
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: 'Newtown NSW 2042' })).toBeInTheDocument();
    expect(api.requests.find((request) => request.path.endsWith('/places'))?.query.get('query')).toBe(
      '12 King St, Newt',
    );
    expect(search).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: 'Newtown NSW 2042' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(search.getAttribute('aria-activedescendant')).toBe(within(listbox).getByRole('option').id);
    await user.keyboard('{Enter}');

    expect(field(MSG.streetAddressLabel)).toHaveValue('12 King St');
    expect(field(MSG.suburbLabel)).toHaveValue('Newtown');
    expect(screen.getByRole('combobox', { name: MSG.stateLabel })).toHaveValue('NSW');
    expect(field(MSG.postcodeLabel)).toHaveValue('2042');
    expect(search).toHaveValue('12 King St, Newtown NSW 2042');
    expect(search).toHaveAttribute('aria-expanded', 'false');
  });

  it('a place without a postcode reveals the postcode field and focuses it', async () => {
    const { user } = await openRegistration({
      places: () => [{ ...NEWTOWN, postcode: null, description: 'Newtown VIC' }],
    });
    await user.type(
      screen.getByRole('combobox', { name: MSG.addressSearchLabel }),
      '3 Pakington St, Newtown',
    );
    await user.click(await screen.findByRole('option', { name: 'Newtown VIC' }));
    await waitFor(() => expect(field(MSG.postcodeLabel)).toHaveFocus());
    expect(field(MSG.postcodeLabel)).toHaveValue('');
  });

  it('[API-17] [API-18] [API-04] [VAL-16] [VAL-17] [VAL-18] [AUTH-21] registers with the contract body and signs in through /autologin/{jwt}', async () => {
    localStorage.setItem('campaign_id', '12');
    const { user, api, router } = await openRegistration();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MSG.register }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/autologin/${JWT}`));
    // Registered: the form kept while reading the Terms is gone with it.
    expect(sessionStorage.length).toBe(0);
    expect(api.sent('createAccount')).toEqual([
      {
        customer: {
          email: 'jane@example.com',
          firstname: 'Jane',
          lastname: 'van Dyke',
          store_id: 19,
          website_id: 1,
          addresses: [
            {
              firstname: 'Jane',
              lastname: 'van Dyke',
              telephone: '+61412345678',
              street: ['12 King St'],
              city: 'Newtown',
              postcode: '2042',
              region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
              region_id: 570,
              country_id: 'AU',
              default_shipping: true,
              default_billing: true,
            },
          ],
        },
        mobile: '+61412345678',
        r_token: SANDBOX_R_TOKEN,
        campaign_id: '12',
        jwt: JWT,
      },
    ]);
  });

  it('[VAL-19] [ERR-12] [ERR-13] the server’s input_validation shows beside each field', async () => {
    const { user } = await openRegistration({
      createAccount: () => ({
        status: 400,
        body: {
          status: false,
          code: 'INPUT_VALIDATION',
          message: MSG.emailExists,
          input_validation: { email: [MSG.emailExists], postcode: ['Postcode 2042 is not in Victoria'] },
        },
      }),
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MSG.register }));
    const email = field(MSG.emailLabel);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      MSG.emailExists,
    );
    const postcode = field(MSG.postcodeLabel);
    expect(document.getElementById(postcode.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Postcode 2042 is not in Victoria',
    );
  });

  it('[VAL-19] a refused mobile proof is shown under the mobile, with a way to prove it again that keeps the form', async () => {
    const expired = 'Your mobile confirmation has expired. Please confirm your mobile with a new code.';
    const { user, api } = await openRegistration({
      createAccount: () => ({
        status: 400,
        body: {
          status: false,
          code: 'INPUT_VALIDATION',
          message: expired,
          input_validation: { mobile: [expired] },
        },
      }),
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: MSG.register }));
    expect(await screen.findByText(expired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.verifyMyMobile }));
    const popup = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
    expect(await within(popup).findByLabelText(MSG.codeLabel)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.sent('sendmobilecode')).toEqual([{ mobile: '+61412345678', r_token: SANDBOX_R_TOKEN }]),
    );
    expect(field(MSG.fullNameLabel)).toHaveValue('Jane van Dyke');
  });

  it('[I11-9] [REG-11] what was typed survives reading the Terms and coming back, without the welcome again', async () => {
    const { user, router } = await openRegistration();
    await user.type(field(MSG.fullNameLabel), 'Jane van Dyke');
    await user.type(field(MSG.emailLabel), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: MSG.enterAddressManually }));
    await user.type(field(MSG.streetAddressLabel), '5 Hay St');
    await user.click(screen.getByRole('checkbox'));

    await user.click(screen.getByRole('link', { name: MSG.termsAndConditions }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms'));
    await waitFor(() => expect(screen.queryByLabelText(MSG.fullNameLabel)).not.toBeInTheDocument());
    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: MSG.registrationHeading });

    expect(field(MSG.fullNameLabel)).toHaveValue('Jane van Dyke');
    expect(field(MSG.emailLabel)).toHaveValue('jane@example.com');
    expect(field(MSG.streetAddressLabel)).toHaveValue('5 Hay St');
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(screen.queryByRole('dialog', { name: MSG.welcomeTitle })).not.toBeInTheDocument();
  });

  it('[I11-9] a form kept for another mobile is not filled in', async () => {
    const { user, router } = await openRegistration();
    await user.type(field(MSG.fullNameLabel), 'Jane van Dyke');
    await router.navigate('/terms');
    await waitFor(() => expect(screen.queryByLabelText(MSG.fullNameLabel)).not.toBeInTheDocument());
    localStorage.setItem('mobile', '+61412999888');
    await router.navigate('/register');
    await screen.findByRole('heading', { level: 1, name: MSG.registrationHeading });
    await screen.findByRole('dialog', { name: MSG.welcomeTitle });
    expect(field(MSG.fullNameLabel)).toHaveValue('');
  });

  it('[AUTH-21] [AUTH-22] after registering: /autologin/{jwt} when a jwt exists, else /browse', () => {
    expect(pathAfterRegistration('abc.def.ghi')).toBe('/autologin/abc.def.ghi');
    expect(pathAfterRegistration(null)).toBe('/browse');
    localStorage.setItem('jwt', 'stored.jwt.value');
    expect(pathAfterRegistration()).toBe('/autologin/stored.jwt.value');
  });
});
