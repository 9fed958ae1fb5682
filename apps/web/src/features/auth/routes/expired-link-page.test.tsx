import { MOBILE_POPUP_SUCCESS_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { SANDBOX_R_TOKEN } from '../../../lib/captcha';
import { renderApp } from '../../../test/render-app';
import { existingUserReply, stubAuthApi, VALID_CODE } from '../test/fake-auth-api';

// The popups load on first use; loading them once here keeps the first test's wait short.
beforeAll(async () => {
  await import('../components/auth-popup-content');
});

const EXPIRED_JWT = 'eyJhbGciOiJIUzI1NiJ9.expired-link.sig';
const RENEWED_JWT = 'eyJhbGciOiJIUzI1NiJ9.renewed-link.sig';

afterEach(() => {
  vi.useRealTimers();
});

describe('/expiredlink', () => {
  it('[ROUTE-17] [EXP-01] [EXP-02] [EXP-03] shows the title and the two ways on', async () => {
    stubAuthApi();
    const { user, router } = renderApp('/expiredlink');
    expect(await screen.findByRole('heading', { level: 1, name: MSG.expiredLinkTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.reconfirmIdentity })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: MSG.browseProducts }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
  });

  it('[AUTH-19] [AUTH-20] [AUTH-13] [AUTH-14] Reconfirm Identity texts a code to the link’s mobile, confirms it as expired and signs in through /autologin with the new token', async () => {
    localStorage.setItem('expired_link_mobile', '+61412345678');
    localStorage.setItem('jwt', EXPIRED_JWT);
    const api = stubAuthApi({
      issuedJwt: RENEWED_JWT,
      auth: (jwt) => existingUserReply({ product_id: jwt === RENEWED_JWT ? 5 : null }),
    });
    const { user, router } = renderApp('/expiredlink');
    expect(await screen.findByText('0412 345 678')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.reconfirmIdentity }));

    const popup = await screen.findByRole('dialog', { name: MSG.reconfirmIdentity });
    const codeInput = await within(popup).findByLabelText(MSG.codeLabel);
    await waitFor(() => expect(codeInput).toHaveFocus());
    await waitFor(() =>
      expect(api.sent('sendmobilecode')).toEqual([{ mobile: '+61412345678', r_token: SANDBOX_R_TOKEN }]),
    );
    await user.type(codeInput, VALID_CODE);

    vi.useFakeTimers();
    fireEvent.click(within(popup).getByRole('button', { name: MSG.confirmCode }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.sent('confirmmobilecode')).toEqual([
      {
        mobile: '+61412345678',
        code: VALID_CODE,
        expired: true,
        expired_jwt: EXPIRED_JWT,
        r_token: SANDBOX_R_TOKEN,
      },
    ]);
    expect(within(popup).getByText(MSG.mobileVerifiedTitle)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_POPUP_SUCCESS_MS));
    vi.useRealTimers();

    // /autologin/{new jwt} checks the renewed link, which carries the old link's product.
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/5'));
    expect(api.sent('auth')).toEqual([{ jwt: RENEWED_JWT, autologin: true }]);
    expect(getAppState().auth.isSignedIn).toBe(true);
    expect(localStorage.getItem('expired_link_mobile')).toBeNull();
  });

  it('without a stored mobile, Reconfirm Identity asks for the mobile first', async () => {
    localStorage.setItem('jwt', EXPIRED_JWT);
    const api = stubAuthApi();
    const { user } = renderApp('/expiredlink');
    await user.click(await screen.findByRole('button', { name: MSG.reconfirmIdentity }));
    const popup = await screen.findByRole('dialog', { name: MSG.reconfirmIdentity });
    expect(within(popup).getByLabelText(MSG.mobileLabel)).toBeInTheDocument();
    expect(within(popup).getByText(MSG.reconfirmIntro)).toBeInTheDocument();
    expect(api.sent('sendmobilecode')).toHaveLength(0);
  });
});
