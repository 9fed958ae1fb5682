import { MSG } from '@quokka/contract/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { aCustomer, PATHS, stubAccountApi } from '../test/fake-account-api';

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/personaldetails', { timeout: 20_000 }, () => {
  it("[ROUTE-23] [ACCT-13] shows the name and email taken from the cart's customer", async () => {
    const api = stubAccountApi({
      customer: aCustomer({
        firstname: 'Mary',
        lastname: 'Anne van Dyke',
        fullname: 'Mary Anne van Dyke',
        email: 'mary@example.com',
        mobile: '+61498111222',
      }),
    });
    signIn('tok');
    renderApp('/account/personaldetails');
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.personalDetails }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const name = await screen.findByText('Mary Anne van Dyke', {}, { timeout: 5_000 });
    const details = name.closest('dl') as HTMLElement;
    expect(within(details).getByText(MSG.nameLabel)).toBeInTheDocument();
    expect(within(details).getByText(MSG.emailLabel).nextSibling).toHaveTextContent('mary@example.com');
    expect(within(details).getByText('0498 111 222')).toBeInTheDocument();
    // Read from GET carts/mine, with the bearer token.
    expect(api.calls('GET', PATHS.cart)[0]?.authorization).toBe('Bearer tok');
  });
});
