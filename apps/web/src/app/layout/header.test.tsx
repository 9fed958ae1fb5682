import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAppState, setCartItems, signIn } from '../../lib/app-state';
import { renderApp } from '../../test/render-app';

describe('header', () => {
  it('[SHELL-01] [SHELL-03] shows the menu toggle, the store name as brand linking to /browse, and the cart icon', async () => {
    renderApp('/browse');
    const banner = await screen.findByRole('banner');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    const brand = screen.getByRole('link', { name: 'Quokka' });
    expect(brand).toHaveAttribute('href', '/browse');
    expect(banner).toContainElement(brand);
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('[SHELL-03] the brand text is the configured store name', async () => {
    const meta = document.createElement('meta');
    meta.name = 'quokka-config';
    meta.content = JSON.stringify({ storeName: 'Wallaby Goods' });
    document.head.append(meta);
    renderApp('/browse');
    expect(await screen.findByRole('link', { name: 'Wallaby Goods' })).toBeInTheDocument();
    meta.remove();
  });

  it('[SHELL-02] the cart icon shows the total quantity of the stored cart items', async () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify([
        { id: 1, name: 'Hat', sku: 'H', qty: 2 },
        { id: 2, name: 'Mug', sku: 'M', qty: 3 },
      ]),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'cartItems' }));
    renderApp('/browse');
    const cart = await screen.findByRole('button', { name: 'Cart, 5 items' });
    expect(cart).toHaveTextContent('5');
    setCartItems([{ id: 1, qty: 1 }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toHaveTextContent('1'));
  });

  it('[SHELL-25] signed out, the cart icon opens the mobile popup; signed in, the cart popup', async () => {
    const { user } = renderApp('/browse');
    await user.click(await screen.findByRole('button', { name: /^Cart/ }));
    expect(getAppState().popup).toBe('mobile');
    signIn('tok');
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    expect(getAppState().popup).toBe('cart');
  });

  it('[ROUTE-01] [ROUTE-02] the home route shows no header and only redirects to the marketing page', async () => {
    const meta = document.createElement('meta');
    meta.name = 'quokka-config';
    meta.content = JSON.stringify({ marketingUrl: 'https://quokka.example/' });
    document.head.append(meta);
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    renderApp('/');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://quokka.example/'));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    meta.remove();
  });
});
