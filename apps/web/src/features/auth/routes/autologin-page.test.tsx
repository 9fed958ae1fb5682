import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { existingUserReply, newUserReply, stubAuthApi } from '../test/fake-auth-api';

// The popups load on first use; loading them once here keeps the first test's wait short.
beforeAll(async () => {
  await import('../components/auth-popup-content');
});

const LINK_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIrNjE0MTIzNDU2NzgifQ.c2lnbmF0dXJl';

describe('/autologin/{jwt}', () => {
  it('[ROUTE-15] [AUTH-08] [API-06] sends the jwt of the route to auth with autologin true, and keeps jwt and autologin', async () => {
    const api = stubAuthApi({ auth: () => newUserReply() });
    const { router } = renderApp(`/autologin/${LINK_JWT}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(api.sent('auth')).toEqual([{ jwt: LINK_JWT, autologin: true }]);
    expect(localStorage.getItem('autologin')).toBe('true');
    expect(localStorage.getItem('jwt')).toBe(LINK_JWT);
  });

  it('[AUTH-09] a new_user reply leads to /register with the mobile stored', async () => {
    stubAuthApi({ auth: () => newUserReply('+61498765432') });
    const { router } = renderApp(`/autologin/${LINK_JWT}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.registrationHeading }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(localStorage.getItem('mobile')).toBe('+61498765432');
    expect(getAppState().auth.isSignedIn).toBe(false);
  });

  it('[AUTH-10] [ROUTE-06] [ROLE-05] an existing_user reply signs the member in with the bearer token and goes to /browse', async () => {
    stubAuthApi({ auth: () => existingUserReply({ campaign_id: 7 }) });
    const { router } = renderApp(`/autologin/${LINK_JWT}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(getAppState().auth).toMatchObject({ isSignedIn: true, token: 'bearer-token-0f3a9c' });
    expect(localStorage.getItem('campaign_id')).toBe('7');
    expect(localStorage.getItem('country_code')).toBe('AU');
    // The link did its job and is not kept.
    expect(localStorage.getItem('jwt')).toBeNull();
    // Back does not run the link again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('[AUTH-11] [ROUTE-16] an existing_user reply carrying a product opens that product', async () => {
    stubAuthApi({
      auth: () =>
        existingUserReply({ product_id: '31', product: { name: 'Wattle scarf', sku: 'SC-31', qty: 4 } }),
    });
    const { router } = renderApp(`/autologin/${LINK_JWT}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/31'));
    expect(localStorage.getItem('product_id')).toBe('31');
  });

  it('[AUTH-12] an expired_link reply stores the mobile and goes to /expiredlink', async () => {
    stubAuthApi({ auth: () => ({ status: true, expired_link: true, mobile: '+61412345678' }) });
    const { router } = renderApp(`/autologin/${LINK_JWT}`);
    expect(await screen.findByRole('heading', { level: 1, name: MSG.expiredLinkTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/expiredlink');
    expect(localStorage.getItem('expired_link_mobile')).toBe('+61412345678');
    // Kept: it is the expired_jwt of the re-confirmation.
    expect(localStorage.getItem('jwt')).toBe(LINK_JWT);
  });

  it('[AUTH-15] [ERR-11] a status false reply is an autologin error the shopper can act on', async () => {
    stubAuthApi({ auth: () => ({ status: false }) });
    const { router, user } = renderApp(`/autologin/${LINK_JWT}`);
    expect(await screen.findByRole('heading', { level: 1, name: MSG.invalidLinkTitle })).toBeInTheDocument();
    expect(screen.getByText(MSG.invalidLinkText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.browseProducts })).toHaveAttribute('href', '/browse');
    expect(router.state.location.pathname).toBe(`/autologin/${LINK_JWT}`);
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(localStorage.getItem('jwt')).toBeNull();

    await user.click(screen.getByRole('button', { name: MSG.signInWithMobile }));
    const popup = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
    expect(within(popup).getByLabelText(MSG.mobileLabel)).toBeInTheDocument();
  });

  it('offers Try again when the check gets no answer', async () => {
    const working = stubAuthApi().fetchMock;
    let calls = 0;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return working(...args);
    });
    const { user, router } = renderApp(`/autologin/${LINK_JWT}`);
    await user.click(await screen.findByRole('button', { name: MSG.tryAgain }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });
  it('[I32] a suspended member’s link shows the server’s words, with no Try again', async () => {
    const working = stubAuthApi().fetchMock;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).includes('/auth'))
        return new Response(
          JSON.stringify({
            message: 'This account is suspended. Contact help@shop.example.',
            code: 'FORBIDDEN',
          }),
          { status: 403, headers: { 'Content-Type': 'application/json' } },
        );
      return working(...args);
    });
    renderApp(`/autologin/${LINK_JWT}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is suspended. Contact help@shop.example.',
    );
    expect(screen.queryByRole('button', { name: MSG.tryAgain })).not.toBeInTheDocument();
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});
