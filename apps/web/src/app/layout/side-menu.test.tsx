import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState, signIn } from '../../lib/app-state';
import { renderApp, stubApi } from '../../test/render-app';

const categories = [
  {
    entity_id: 3,
    value: 'Clothing',
    children: [
      {
        entity_id: 4,
        value: 'Hats',
        children: [
          { entity_id: 5, value: 'Sun Hats', children: [{ entity_id: 6, value: 'Too Deep', children: [] }] },
        ],
      },
    ],
  },
  { entity_id: 7, value: 'Kitchen', children: [] },
];

async function openMenu(path = '/browse') {
  const app = renderApp(path);
  await app.user.click(await screen.findByRole('button', { name: 'Menu' }));
  // The drawer's code loads when it is first opened.
  return { ...app, drawer: await screen.findByRole('dialog', { name: 'Site menu' }) };
}

describe('side menu', () => {
  it('[SHELL-04] [SHELL-05] has the tabs Menu and Account, and lists Browse first, then the categories', async () => {
    stubApi({ '/rest/default/V1/storefront/categories': categories });
    const { drawer } = await openMenu();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    const tabs = within(drawer).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Menu', 'Account']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await within(drawer).findByRole('link', { name: 'Clothing' });
    const links = within(within(drawer).getByRole('tabpanel')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Browse', 'Clothing', 'Kitchen']);
    expect(links[0]).toHaveAttribute('href', '/browse');
    expect(links[1]).toHaveAttribute('href', '/category/3');
  });

  it('[SHELL-06] shows categories up to three levels deep, each level expandable', async () => {
    stubApi({ '/rest/default/V1/storefront/categories': categories });
    const { drawer, user } = await openMenu();
    await within(drawer).findByRole('link', { name: 'Clothing' });
    expect(within(drawer).queryByRole('link', { name: 'Hats' })).not.toBeInTheDocument();

    const clothing = within(drawer).getByRole('button', { name: 'Clothing subcategories' });
    expect(clothing).toHaveAttribute('aria-expanded', 'false');
    await user.click(clothing);
    expect(clothing).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'Hats' })).toHaveAttribute('href', '/category/4');

    await user.click(within(drawer).getByRole('button', { name: 'Hats subcategories' }));
    expect(within(drawer).getByRole('link', { name: 'Sun Hats' })).toHaveAttribute('href', '/category/5');
    // A fourth level is not offered.
    expect(within(drawer).queryByRole('button', { name: 'Sun Hats subcategories' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Too Deep' })).not.toBeInTheDocument();
  });

  it('[SHELL-05] still offers Browse when the categories call fails, without an error popup', async () => {
    // Only the categories call fails; the browse screen's own list answers.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/categories')
          ? new Response('{"message":"boom"}', { status: 500 })
          : new Response('{"data":[]}', { status: 200 }),
      ),
    );
    const { drawer } = await openMenu();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(within(drawer).getByRole('link', { name: 'Browse' })).toBeInTheDocument();
    expect(getAppState().unexpectedError).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Unexpected Error' })).not.toBeInTheDocument();
  });

  it('[SHELL-07] the Account tab shows Sign In when signed out', async () => {
    stubApi({ '/rest/default/V1/storefront/categories': [] });
    const { drawer, user } = await openMenu();
    await user.click(within(drawer).getByRole('tab', { name: 'Account' }));
    const panel = within(drawer).getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(panel).queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('[SHELL-08] the Account tab shows My Account and Sign Out when signed in; Sign Out signs out and goes to /browse', async () => {
    signIn('tok-1');
    const fetchMock = stubApi({
      '/rest/default/V1/storefront/categories': [],
      '/rest/default/V1/storefront/signout': { status: true },
    });
    const { drawer, user, router } = await openMenu('/product/5');
    await user.click(within(drawer).getByRole('tab', { name: 'Account' }));
    const panel = within(drawer).getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(within(panel).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    const signOutCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/signout'));
    expect(new Headers(signOutCall?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument());
  });

  it('[SHELL-08] signs out locally even when the server call fails', async () => {
    signIn('tok-2');
    stubApi({ '/rest/default/V1/storefront/categories': [] }); // signout answers 404
    const { drawer, user, router } = await openMenu('/product/5');
    await user.click(within(drawer).getByRole('tab', { name: 'Account' }));
    await user.click(within(drawer).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(getAppState().auth.isSignedIn).toBe(false);
  });

  it('closes on Escape, on the backdrop and on navigation, and gives focus back to the toggle', async () => {
    stubApi({ '/rest/default/V1/storefront/categories': categories });
    const { user } = await openMenu();
    const toggle = screen.getByRole('button', { name: 'Menu' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(screen.getByTestId('side-menu-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.click(await screen.findByRole('link', { name: 'Kitchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Site menu' })).not.toBeInTheDocument();
  });
});
