import { render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { screen as lazyScreen } from './lazy-screen';

function Checkout() {
  return <h1>Checkout</h1>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">Could not load</p> : this.props.children;
  }
}

const shown = (element: ReactNode) =>
  render(
    <Boundary>
      <Suspense fallback={<p>Loading</p>}>{element}</Suspense>
    </Boundary>,
  );

describe('screen (a route whose code loads when it is first shown)', () => {
  it('[I13-js] a failed load is not remembered for good: the next time the screen is shown it loads again', async () => {
    let failing = true;
    let calls = 0;
    const route = lazyScreen(async () => {
      calls += 1;
      if (failing) throw new TypeError('Failed to fetch dynamically imported module');
      return Checkout;
    });
    const first = shown(route.element);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
    first.unmount();
    const failedLoads = calls;
    failing = false;
    // React.lazy alone would answer the first failure again here, for the rest of the page's life.
    shown(route.element);
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(calls).toBe(failedLoads + 1);
  });

  it('[I13-js] a loaded screen renders at once on its next mount, without suspending', async () => {
    const route = lazyScreen(async () => Checkout);
    const first = shown(route.element);
    await screen.findByRole('heading', { name: 'Checkout' });
    first.unmount();
    shown(route.element);
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });
});
