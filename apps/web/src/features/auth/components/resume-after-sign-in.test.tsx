import { MSG } from '@quokka/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { rememberSignInIntent, SIGN_IN_INTENT_TTL_MS, type SignInAction } from '../../../lib/sign-in-intent';
import { pendingSignInIntent } from '../../../lib/sign-in-intent-schema';
import { renderApp } from '../../../test/render-app';
import { aTile } from '../../catalog/test/catalog-factories';

afterEach(() => sessionStorage.clear());

function remember(returnTo: string, action: SignInAction) {
  rememberSignInIntent({ returnTo, expiresAt: Date.now() + SIGN_IN_INTENT_TTL_MS, action });
}

describe('finishing what a sign-in interrupted', () => {
  it('[I11-5] [SHELL-12] signed in and back where they asked, the cart icon’s shopper gets the cart, once', async () => {
    remember('/terms', { kind: 'open-cart' });
    signIn('bearer-token');
    renderApp('/terms');
    expect(await screen.findByRole('dialog', { name: MSG.cartTitle })).toBeInTheDocument();
    expect(pendingSignInIntent()).toBeNull();
  });

  it('[I11-5] a tile of a product with options opens its page to choose them', async () => {
    remember('/terms', { kind: 'add-tile', tile: aTile({ id: 31, type_id: 'configurable' }) });
    signIn('bearer-token');
    const { router } = renderApp('/terms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/31'));
  });

  it('[I11-5] waits while the shopper is elsewhere (registering) or signed out', async () => {
    remember('/terms', { kind: 'open-cart' });
    const signedOut = renderApp('/terms');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
    signedOut.unmount();
    signIn('bearer-token');
    renderApp('/privacy');
    await screen.findAllByRole('heading', { level: 1 });
    expect(pendingSignInIntent()).not.toBeNull();
  });
});

describe('a screen that needs a member', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('[I11-5] [ROLE-02] a gift card screen asks a visitor to sign in and comes back to it, with nothing else done', async () => {
    window.history.replaceState(null, '', '/giftcard/schedule/7');
    const visitor = renderApp('/giftcard/schedule/7');
    expect(await screen.findByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
    expect(pendingSignInIntent()).toMatchObject({
      returnTo: '/giftcard/schedule/7',
      action: { kind: 'stay' },
    });
    visitor.unmount();

    signIn('bearer-token');
    renderApp('/giftcard/schedule/7');
    await waitFor(() => expect(pendingSignInIntent()).toBeNull());
    expect(screen.queryByRole('dialog', { name: MSG.cartTitle })).not.toBeInTheDocument();
  });

  it('[I11-5] [ROLE-02] the checkout asks a visitor to sign in and comes back to it', async () => {
    window.history.replaceState(null, '', '/checkout');
    renderApp('/checkout');
    expect(await screen.findByRole('dialog', { name: MSG.mobilePopupTitle })).toBeInTheDocument();
    expect(pendingSignInIntent()).toMatchObject({ returnTo: '/checkout', action: { kind: 'stay' } });
  });
});
