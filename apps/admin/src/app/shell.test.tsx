import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../test/factories';
import { fakeApi } from '../test/fake-api';
import { renderAdmin } from '../test/render-admin';

// [I34] The shell on a phone: the Menu lists every section of the tab bar with the current one marked
// (aria-current="page") and names who is signed in; Escape (focus back on Menu), a press outside and a
// choice close it. The layout (the strip scrolled to the current tab, the fades, 320 px) is checked in a
// real browser by e2e/admin-every-screen.e2e.ts.

const SELLER_ME = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
});

function linkNames(element: HTMLElement): string[] {
  return within(element)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('[I34] the shell’s Menu', () => {
  it('lists every section of a seller, Home current, with the member’s name; Escape closes it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: SELLER_ME } });
    renderAdmin('/admin/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const strip = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(strip).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'All sections' });
    expect(menuButton).toHaveAttribute('aria-controls', menu.parentElement?.id);
    expect(linkNames(menu)).toEqual(linkNames(strip));
    expect(linkNames(menu)).toEqual([
      'Home',
      'Orders',
      'Products',
      'Gift cards',
      'Campaigns',
      'Automations',
      'Subscribers',
      'Statements',
      'Bank account',
      'Tax invoices',
      'Profile',
      'Passkeys',
    ]);
    const current = within(menu)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Home']);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as Sam Seller (Seller staff)');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(api.unexpected).toEqual([]);
  });

  it('an operator’s Menu has the operators’ sections; choosing one opens it and closes the Menu', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /passkeys': { body: { items: [] } },
      'GET /passkeys/pending': { body: { items: [] } },
    });
    renderAdmin('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'All sections' });
    expect(linkNames(menu)).toEqual([
      'Orders',
      'Products',
      'Gift cards',
      'Campaigns',
      'Automations',
      'Subscribers',
      'Statements',
      'Payouts',
      'Tax invoices',
      'Sellers',
      'Members',
      'Staff',
      'Audit log',
      'Passkeys',
    ]);
    // No section is current on a screen that is none of them.
    expect(within(menu).queryAllByRole('link', { current: 'page' })).toEqual([]);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as Jo Operator (Operator)');

    await user.click(within(menu).getByRole('link', { name: 'Passkeys' }));
    expect(await screen.findByRole('heading', { level: 1, name: /passkeys/i })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Passkeys' }),
    ).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(api.unexpected).toEqual([]));
  });

  it('a press outside the Menu closes it; pressing Menu again closes it too', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /me': { body: SELLER_ME } });
    renderAdmin('/admin/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    expect(screen.getByRole('navigation', { name: 'All sections' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Home' }));
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
    await user.click(menuButton);
    expect(screen.getByRole('navigation', { name: 'All sections' })).toBeInTheDocument();
    await user.click(menuButton);
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
  });
});
