import { TOKEN_LIFETIME_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, nsPath } from '../lib/api-client';
import { getAppState, signIn } from '../lib/app-state';
import { pendingSignInIntent } from '../lib/sign-in-intent-schema';
import { renderApp, stubApi } from '../test/render-app';
import { RouteError, RouteErrorBoundary } from './routes/route-error';

describe('routes', () => {
  it('[ROUTE-34] /404 shows Page not found and a way back to the products', async () => {
    renderApp('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/browse');
  });

  it('[ROUTE-35] any unknown path redirects to /404', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  // The product page heads its load failure (this test answers no product call) with its own words.
  const PRODUCT_HEADING = /^(Product|This product didn't load)$/;

  it.each<[string, string | RegExp]>([
    ['/browse', 'Browse Products'],
    ['/search', 'Search'], // [I33] without words it asks for them
    ['/category/3', 'Category'],
    ['/product/12', PRODUCT_HEADING],
    ['/updateproduct/12', 'Update Cart Item'],
    ['/sellerprofile/bush-crafts', 'Seller'],
    ['/register', 'Registration'],
    ['/signin', 'Sign In'],
    ['/autologin/eyJ.abc.def', 'Signing You In'],
    ['/expiredlink', 'Oops! Expired Link'],
    ['/checkout', 'Checkout'],
    ['/success', 'Thank You'],
    ['/giftcard/add/5/GC-50/9/31', 'Gift Card Recipient'],
    ['/giftcard/edit/4', 'Edit Gift Card Recipient'],
    ['/giftcard/sendnoworschedule/4', 'Send Now or Schedule'],
    ['/giftcard/schedule/4', 'Schedule Gift Card'],
    ['/giftcard/mmstemplates/4', 'Choose a Template'],
  ])('registers %s', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/terms', '/privacy'])('registers %s (the legal pages)', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    ['/account', 'My Account'],
    ['/account/addressinformation', 'Address Information'],
    ['/account/addaddress', 'Add New Address'],
    ['/account/personaldetails', 'Personal Details'],
    ['/account/savedcards', 'Saved Cards'],
    ['/account/orders', 'My Orders'],
    ['/account/order/17', 'View Order'],
    ['/account/textoffers', 'Text offers'], // [I29]
  ])('registers %s for a signed-in user', async (path, heading) => {
    signIn('tok');
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('account guard', () => {
  it.each(['/account', '/account/orders', '/account/order/17'])(
    '[ROUTE-36] %s redirects to /browse when signed out',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Browse Products' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/browse');
    },
  );

  it('[I11-11] [ROUTE-36] a signed-out visit to an order (the receipt link) lands on /browse asking to sign in, and the sign-in leads back to the order', async () => {
    // The list answers (as it does in the shop), so no connection popup takes the sign-in popup's place.
    stubApi({
      '/rest/default/V1/storefront/browseProducts': { data: [] },
      '/rest/default/V1/storefront/categories': [],
    });
    const { router } = renderApp('/account/order/17');
    expect(await screen.findByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/browse');
    expect(pendingSignInIntent()).toMatchObject({ returnTo: '/account/order/17', action: { kind: 'stay' } });
  });

  it('[ROUTE-37] [AUTH-24] an expired sign-in is signed out and sent to /signin with a page reload', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    signIn('old-token', Date.now() - TOKEN_LIFETIME_MS - 1);
    renderApp('/account/savedcards');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/signin'));
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Saved Cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Browse Products' })).not.toBeInTheDocument();
  });

  it('[AUTH-24] a 401 on an account call while on an account page leads to /signin', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"expired"}', { status: 401 })),
    );
    signIn('tok');
    renderApp('/account');
    await screen.findByRole('heading', { name: 'My Account' });
    await apiFetch(nsPath('orders'), { schema: z.unknown(), auth: true }).catch(() => undefined);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/signin'));
    expect(getAppState().auth.isSignedIn).toBe(false);
  });

  it('a live sign-in opens the account page', async () => {
    signIn('tok');
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});

describe('shell behaviour across routes', () => {
  it('[ROUTE-38] resets the scroll position to the top on every route change', async () => {
    const { router } = renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await router.navigate('/product/3');
    await screen.findByRole('heading', { level: 1, name: /^(Product|This product didn't load)$/ });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await router.navigate('/category/9');
    await screen.findByRole('heading', { name: 'Category' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('a screen that fails to render shows the Unexpected Error text and a reload button, not a white screen, until the shopper moves on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let go: NavigateFunction | undefined;
    function Navigator() {
      go = useNavigate();
      return null;
    }
    function BrokenHere() {
      const { pathname } = useLocation();
      if (pathname === '/broken') throw new Error('boom');
      return <h1>Somewhere else</h1>;
    }
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Navigator />
        <RouteErrorBoundary fallback={<RouteError />}>
          <BrokenHere />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An Unexpected Error has occured. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'A screen failed to render',
      expect.any(Error),
      expect.anything(),
    );

    // Going somewhere else starts over, as a route error did in React Router's data router.
    await act(async () => {
      await go?.('/elsewhere');
    });
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Error')).not.toBeInTheDocument();
  });
});

describe('roles', () => {
  it('[ROLE-15] the storefront has no vendor or admin screens: every route is a shopper screen of SPEC.md §2', async () => {
    const { routes } = await import('./router');
    const paths: string[] = [];
    const walk = (list: typeof routes, prefix: string) => {
      for (const route of list) {
        const path = route.index
          ? prefix
          : route.path
            ? `${prefix}/${route.path}`.replace(/\/+/g, '/')
            : prefix;
        if (route.path || route.index) paths.push(path || '/');
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    expect(paths.length).toBeGreaterThan(25);
    // Route parameters aside, no path is a vendor's, supplier's or administrator's.
    for (const path of paths) {
      expect(path.replace(/:[a-z]+/gi, '')).not.toMatch(/vendor|admin|supplier|dashboard|manage/i);
    }
  });
});
