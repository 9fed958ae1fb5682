import { MOBILE_POPUP_SUCCESS_MS, TOKEN_LIFETIME_MS } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { SANDBOX_R_TOKEN } from '../../../lib/captcha';
import { renderApp } from '../../../test/render-app';
import { openMobilePopup } from '../mobile-popup-store';
import {
  existingUserReply,
  newUserReply,
  stubAuthApi,
  VALID_CODE,
  VERIFIED_JWT,
} from '../test/fake-auth-api';

// The popups load on first use; loading them once here keeps the first test's wait short.
beforeAll(async () => {
  await import('./auth-popup-content');
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear(); // the interrupted action; the shared set-up clears localStorage only
});

/** Opens the app on a page without server calls, and the popup the way a visitor does: the cart icon. */
async function openPopupFromCart() {
  // The app runs on a browser router: the window's location is where the sign-in returns to.
  window.history.replaceState(null, '', '/terms');
  const app = renderApp('/terms');
  await app.user.click(await screen.findByRole('button', { name: /^Cart/ }));
  const popup = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
  return { ...app, popup };
}

/** A plain sign-in: the popup opened by a screen that interrupts nothing (no Add To Cart, no cart icon). */
async function openPopupPlainly() {
  window.history.replaceState(null, '', '/terms');
  const app = renderApp('/terms');
  await screen.findByRole('heading', { level: 1 });
  act(() => openMobilePopup());
  const popup = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
  return { ...app, popup };
}

async function sendCode(
  user: ReturnType<typeof renderApp>['user'],
  popup: HTMLElement,
  mobile = '0412 345 678',
) {
  await user.type(within(popup).getByLabelText(MSG.mobileLabel), mobile);
  await user.click(within(popup).getByRole('button', { name: MSG.sendCode }));
  return within(popup).findByLabelText(MSG.codeLabel);
}

/** Confirms the code with fake timers running, so the 2-second success can be stepped through. */
async function confirmWithFakeTimers(popup: HTMLElement) {
  vi.useFakeTimers();
  fireEvent.click(within(popup).getByRole('button', { name: MSG.confirmCode }));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('mobile popup', () => {
  it('[SHELL-25] [ROLE-04] [SHELL-17] [SHELL-16] a signed-out visitor tapping the cart icon gets the mobile popup', async () => {
    stubAuthApi();
    const { popup } = await openPopupFromCart();
    expect(within(popup).getByLabelText(MSG.mobileLabel)).toHaveAttribute('type', 'tel');
    expect(within(popup).getByText(MSG.mobileIntro)).toBeInTheDocument();
  });

  it('[VAL-01] an empty mobile, or one that is not digits with an optional plus, shows the message and sends nothing', async () => {
    const api = stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    await user.click(within(popup).getByRole('button', { name: MSG.sendCode }));
    expect(within(popup).getByText(MSG.validMobile)).toBeInTheDocument();
    expect(within(popup).getByLabelText(MSG.mobileLabel)).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(popup).getByLabelText(MSG.mobileLabel), '04-1234-abc');
    await user.click(within(popup).getByRole('button', { name: MSG.sendCode }));
    expect(within(popup).getByText(MSG.validMobile)).toBeInTheDocument();
    expect(api.sent('sendmobilecode')).toHaveLength(0);
  });

  it('[AUTH-16] [API-07] [API-04] sends the mobile with an r_token, then asks for the 6-digit code', async () => {
    const api = stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    const codeInput = await sendCode(user, popup);
    expect(api.sent('sendmobilecode')).toEqual([{ mobile: '+61412345678', r_token: SANDBOX_R_TOKEN }]);
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    expect(within(popup).getByText('0412 345 678')).toBeInTheDocument();
    expect(
      within(popup).getByRole('button', { name: new RegExp(`^${MSG.resendCodeIn} \\d+s$`) }),
    ).toBeDisabled();
    await waitFor(() => expect(codeInput).toHaveFocus());
  });

  it('[VAL-02] an empty code shows "Please enter a valid code" without calling the server', async () => {
    const api = stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    await sendCode(user, popup);
    await user.click(within(popup).getByRole('button', { name: MSG.confirmCode }));
    expect(within(popup).getByText(MSG.validCode)).toBeInTheDocument();
    expect(api.sent('confirmmobilecode')).toHaveLength(0);
  });

  it('[API-08] a wrong code shows the server message beside the code field', async () => {
    const api = stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    const codeInput = await sendCode(user, popup);
    await user.type(codeInput, '111111');
    await user.click(within(popup).getByRole('button', { name: MSG.confirmCode }));
    expect(await within(popup).findByText(MSG.validCode)).toBeInTheDocument();
    expect(api.sent('confirmmobilecode')).toEqual([
      { mobile: '+61412345678', code: '111111', expired: false, expired_jwt: null, r_token: SANDBOX_R_TOKEN },
    ]);
    expect(codeInput).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s 429 message when codes are sent too often', async () => {
    const message = 'Too many codes were sent to this number. Please try again in 30 seconds.';
    stubAuthApi({ sendMobileCode: () => ({ status: 429, body: { message, code: 'TOO_MANY_REQUESTS' } }) });
    const { user, popup } = await openPopupFromCart();
    await user.type(within(popup).getByLabelText(MSG.mobileLabel), '0412345678');
    await user.click(within(popup).getByRole('button', { name: MSG.sendCode }));
    expect(await within(popup).findByRole('alert')).toHaveTextContent(message);
    expect(within(popup).queryByLabelText(MSG.codeLabel)).not.toBeInTheDocument();
  });

  it('offers "Resend code" once the wait is over, and a resend sends again', async () => {
    // The countdown's timers must be fake from the start; real time still moves them for typing.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    await sendCode(user, popup);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const resend = within(popup).getByRole('button', { name: MSG.resendCode });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.sent('sendmobilecode')).toHaveLength(2);
    expect(within(popup).getByText(MSG.codeResent)).toBeInTheDocument();
  });

  it('[AUTH-17] [CONST-03] [AUTH-18] [AUTH-10] [AUTH-01] [AUTH-02] [AUTH-03] [ROUTE-06] success shows for 2 seconds, the popup closes, the token is verified and a member is signed in on /browse', async () => {
    const api = stubAuthApi({ auth: () => existingUserReply() });
    const { user, popup, router } = await openPopupPlainly();
    await user.type(await sendCode(user, popup), VALID_CODE);
    await confirmWithFakeTimers(popup);

    expect(within(popup).getByText(MSG.mobileVerifiedTitle)).toBeInTheDocument();
    expect(within(popup).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_POPUP_SUCCESS_MS - 1));
    expect(screen.getByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
    expect(api.sent('auth')).toHaveLength(0);

    const signedInAt = Date.now() + 1;
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog', { name: MSG.mobilePopupTitle })).not.toBeInTheDocument();
    vi.useRealTimers();

    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(api.sent('auth')).toEqual([{ jwt: VERIFIED_JWT, autologin: false }]);
    const { auth } = getAppState();
    expect(auth.isSignedIn).toBe(true);
    expect(auth.token).toBe('bearer-token-0f3a9c');
    expect(auth.expiresAt).toBeGreaterThanOrEqual(signedInAt + TOKEN_LIFETIME_MS - 5);
    expect(auth.expiresAt).toBeLessThanOrEqual(signedInAt + TOKEN_LIFETIME_MS + 5);
    expect(localStorage.getItem('token')).toBe('bearer-token-0f3a9c');
    expect(localStorage.getItem('is_signed_in')).toBe('true');
    expect(localStorage.getItem('mobile')).toBe('+61412345678');
    expect(localStorage.getItem('country_code')).toBe('AU');
    expect(localStorage.getItem('currency_rate')).toBe('1');
    expect(localStorage.getItem('campaign_id')).toBe('12');
  });

  it('[AUTH-11] a member whose reply carries a product lands on that product', async () => {
    stubAuthApi({
      auth: () => existingUserReply({ product_id: 42, product: { name: 'Bush hat', sku: 'HAT-1' } }),
    });
    const { user, popup, router } = await openPopupPlainly();
    await user.type(await sendCode(user, popup), VALID_CODE);
    await confirmWithFakeTimers(popup);
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_POPUP_SUCCESS_MS));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/42'));
    expect(localStorage.getItem('product_id')).toBe('42');
  });

  it('[AUTH-09] [AUTH-18] a stranger’s verified mobile leads to /register with the token and mobile stored', async () => {
    stubAuthApi({ auth: () => newUserReply('+61412345678') });
    const { user, popup, router } = await openPopupFromCart();
    await user.type(await sendCode(user, popup), VALID_CODE);
    await confirmWithFakeTimers(popup);
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_POPUP_SUCCESS_MS));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(localStorage.getItem('jwt')).toBe(VERIFIED_JWT);
    expect(localStorage.getItem('mobile')).toBe('+61412345678');
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.registrationHeading }),
    ).toBeInTheDocument();
  });

  it('[SHELL-19] "Why a mobile?" opens the info popup about the secure mobile service and leads back', async () => {
    stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    await user.type(within(popup).getByLabelText(MSG.mobileLabel), '0412 345 678');
    await user.click(within(popup).getByRole('button', { name: MSG.whyMobile }));
    const info = await screen.findByRole('dialog', { name: MSG.infoPopupTitle });
    expect(info).toHaveTextContent(MSG.infoPopupCode);
    expect(info).toHaveTextContent(MSG.infoPopupNoPasswords);
    expect(info).toHaveTextContent(MSG.infoPopupUse);
    await user.click(within(info).getByRole('button', { name: MSG.infoPopupBack }));
    const again = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
    expect(within(again).getByLabelText(MSG.mobileLabel)).toHaveValue('0412 345 678');
  });

  it('[I11-5] [SHELL-25] a member who signed in from the cart icon stays where they were and gets the cart', async () => {
    stubAuthApi({ auth: () => existingUserReply() });
    const { user, popup, router } = await openPopupFromCart();
    await user.type(await sendCode(user, popup), VALID_CODE);
    await confirmWithFakeTimers(popup);
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_POPUP_SUCCESS_MS));
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: MSG.cartTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
    expect(getAppState().auth.isSignedIn).toBe(true);
    expect(sessionStorage.length).toBe(0); // done once, not again on the next visit
  });

  it('[I11-5] [ROUTE-06] closing the popup forgets what it interrupted: a later sign-in lands on /browse', async () => {
    stubAuthApi({ auth: () => existingUserReply() });
    const { user, popup, router } = await openPopupFromCart();
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    act(() => openMobilePopup());
    const again = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
    await user.type(await sendCode(user, again), VALID_CODE);
    await confirmWithFakeTimers(again);
    await act(() => vi.advanceTimersByTimeAsync(MOBILE_POPUP_SUCCESS_MS));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse'));
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
  });

  it('[I11-8] [SHELL-17] [SHELL-19] the popup opens with focus in the mobile field, also back from the info popup', async () => {
    stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    const mobile = within(popup).getByLabelText(MSG.mobileLabel);
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(mobile).toHaveAttribute('inputmode', 'tel');
    await user.click(within(popup).getByRole('button', { name: MSG.whyMobile }));
    const info = await screen.findByRole('dialog', { name: MSG.infoPopupTitle });
    await user.click(within(info).getByRole('button', { name: MSG.infoPopupBack }));
    const again = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
    await waitFor(() => expect(within(again).getByLabelText(MSG.mobileLabel)).toHaveFocus());
  });

  it('[I11-8] "Change number" at the code step puts focus back in the mobile field', async () => {
    stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    const code = await sendCode(user, popup);
    await waitFor(() => expect(code).toHaveFocus());
    await user.click(within(popup).getByRole('button', { name: MSG.changeMobile }));
    await waitFor(() => expect(within(popup).getByLabelText(MSG.mobileLabel)).toHaveFocus());
  });

  it('closes with the close button and opens afresh next time', async () => {
    stubAuthApi();
    const { user, popup } = await openPopupFromCart();
    await sendCode(user, popup);
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    const again = await screen.findByRole('dialog', { name: MSG.mobilePopupTitle });
    expect(within(again).getByLabelText(MSG.mobileLabel)).toHaveValue('');
  });
});
