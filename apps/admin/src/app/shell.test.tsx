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
  it('lists every section of a seller with the member’s name and Sign out; Escape closes it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: SELLER_ME } });
    // A screen that calls nothing: the Menu is the shell's, whatever the screen.
    renderAdmin('/admin/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    const strip = screen.getByRole('navigation', { name: 'Sections' });

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
    // No section is current on a screen that is none of them.
    expect(within(menu).queryAllByRole('link', { current: 'page' })).toEqual([]);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as Sam Seller (Seller staff)');
    // Sign out is in the Menu too (a phone's top bar has no room for it: shell.css shows one of the two).
    expect(
      within(menu.parentElement as HTMLElement).getByRole('button', { name: 'Sign out' }),
    ).toBeInTheDocument();

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
    expect(within(menu).queryAllByRole('link', { current: 'page' })).toEqual([]);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent('Signed in as Jo Operator (Operator)');

    await user.click(within(menu).getByRole('link', { name: 'Passkeys' }));
    expect(await screen.findByRole('heading', { level: 1, name: /passkeys/i })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Passkeys' }),
    ).toHaveAttribute('aria-current', 'page');
    // Opened again, the Menu marks the section now open, and only it.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const again = screen.getByRole('navigation', { name: 'All sections' });
    expect(
      within(again)
        .getAllByRole('link', { current: 'page' })
        .map((link) => link.textContent),
    ).toEqual(['Passkeys']);
    await waitFor(() => expect(api.unexpected).toEqual([]));
  });

  it('a press outside the Menu closes it; pressing Menu again closes it too', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /me': { body: SELLER_ME } });
    renderAdmin('/admin/no-such-screen');
    await screen.findByRole('heading', { level: 1, name: 'Not found' });
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    expect(screen.getByRole('navigation', { name: 'All sections' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Not found' }));
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
    await user.click(menuButton);
    expect(screen.getByRole('navigation', { name: 'All sections' })).toBeInTheDocument();
    await user.click(menuButton);
    expect(screen.queryByRole('navigation', { name: 'All sections' })).toBeNull();
  });
});
