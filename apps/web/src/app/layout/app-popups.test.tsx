import { MSG } from '@quokka/contract/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, nsPath } from '../../lib/api-client';
import { getAppState, openPopup, showLoader, showMessage } from '../../lib/app-state';
import { renderApp, stubApi } from '../../test/render-app';

// The browse screen loads its first page; an empty one keeps these tests about the popups alone.
const emptyBrowse = { '/rest/default/V1/storefront/browseProducts': { data: [] } };

describe('shell popups and loader', () => {
  it('[SHELL-11] the loader overlay shows the changing text of the work in progress', async () => {
    // The page's own calls never answer here: a failing call clears the loader (CONN-04), and on a busy
    // machine one could fail between the steps below.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    let hideCart = () => {};
    act(() => {
      hideCart = showLoader('Fetching Cart...');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Fetching Cart...');
    let hideCards = () => {};
    act(() => {
      hideCards = showLoader('Fetching Saved Cards...');
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Fetching Saved Cards...'));
    act(() => hideCards());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Fetching Cart...'));
    act(() => hideCart());
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('[SHELL-20] [SHELL-21] [CONN-02] [ERR-01] [CONN-04] a request with no response shows the offline popup with Refresh, and the loader clears', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { user } = renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    act(() => {
      showLoader('Fetching Cart...');
    });
    await act(() =>
      apiFetch('/rest/default/V1/carts/mine', { schema: z.unknown(), auth: true }).catch(() => undefined),
    );
    const popup = await screen.findByRole('dialog', { name: MSG.offlineTitle });
    expect(popup).toHaveTextContent("You're offline. Click the button below to refresh.");
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalled();
  });

  it('[SHELL-23] [ERR-02] a server error shows the Unexpected Error modal, which closes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Internal Server Error"}', { status: 503 })),
    );
    const { user } = renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    await act(() => apiFetch(nsPath('orders'), { schema: z.unknown() }).catch(() => undefined));
    const modal = await screen.findByRole('dialog', { name: 'Unexpected Error' });
    expect(modal).toHaveTextContent('An Unexpected Error has occured. Please try again later.');
    await user.click(within(modal).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Unexpected Error' })).not.toBeInTheDocument();
    expect(getAppState().unexpectedError).toBe(false);
  });

  it('[SHELL-22] the message popup has the default header Something Went Wrong', async () => {
    stubApi(emptyBrowse);
    const { user } = renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    act(() => showMessage('Your address could not be saved.'));
    const popup = await screen.findByRole('dialog', { name: 'Something Went Wrong' });
    expect(popup).toHaveTextContent('Your address could not be saved.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[SHELL-24] the Out of Stock popup says the product is out of stock', async () => {
    stubApi(emptyBrowse);
    renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    act(() => openPopup('out-of-stock'));
    expect(await screen.findByRole('dialog', { name: 'Out of Stock' })).toHaveTextContent(
      'Product is out of stock.',
    );
  });

  it('the Qty not Available popup shows the server message', async () => {
    stubApi(emptyBrowse);
    renderApp('/browse');
    await screen.findByRole('heading', { name: 'Browse Products' });
    act(() => openPopup('qty', 'The requested qty is not available'));
    expect(await screen.findByRole('dialog', { name: 'Qty not Available' })).toHaveTextContent(
      'The requested qty is not available',
    );
  });
});
