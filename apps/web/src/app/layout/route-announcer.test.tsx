import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteAnnouncer } from './route-announcer';

function Shell() {
  return (
    <>
      <RouteAnnouncer />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

/** A screen whose heading comes in late, as a lazily loaded one's does. */
function SlowScreen() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Your orders</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      load
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            path: '/browse',
            element: (
              <>
                <h1>Browse</h1>
                <Link to="/product/1">Blue teapot</Link>
                <Link to="/orders">Orders</Link>
                <Link to="/dialog">Dialog</Link>
              </>
            ),
          },
          { path: '/product/1', element: <h1>Blue teapot</h1> },
          { path: '/orders', element: <SlowScreen /> },
          {
            path: '/dialog',
            element: (
              <>
                <h1>Cart page</h1>
                <div role="dialog" aria-modal="true" aria-label="Cart">
                  <button type="button">Close</button>
                </div>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteAnnouncer [I11-16]', () => {
  it('[I11-16] leaves the first load alone', () => {
    renderAt('/browse');
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
  });

  it('[I11-16] after a route change focuses the new heading and announces it', async () => {
    renderAt('/browse');
    act(() => screen.getByRole('link', { name: 'Blue teapot' }).click());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Blue teapot' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('route-announcer').textContent).toBe('Blue teapot');
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('[I11-16] waits for a heading that comes in late', async () => {
    renderAt('/browse');
    act(() => screen.getByRole('link', { name: 'Orders' }).click());
    act(() => screen.getByRole('button', { name: 'load' }).click());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your orders' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('route-announcer').textContent).toBe('Your orders');
  });

  it('[I11-16] does not take focus from a dialog the navigation opened', async () => {
    renderAt('/browse');
    act(() => screen.getByRole('link', { name: 'Dialog' }).click());
    await screen.findByRole('heading', { level: 1, name: 'Cart page' });
    await waitFor(() => expect(screen.getByTestId('route-announcer').textContent).toBe('Cart page'));
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 1 }));
  });
});
