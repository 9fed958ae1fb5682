import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part';

function Menu({ label }: { label: string }) {
  return <nav aria-label={label}>menu</nav>;
}

const FAST = [5, 5, 5];
const importFailed = () => new TypeError('Failed to fetch dynamically imported module');

describe('lazyPart', () => {
  it('[I13-js] renders nothing until its code is there, then the part with its props', async () => {
    const Part = lazyPart(async () => Menu);
    render(<Part label="Site menu" />);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Site menu' })).toBeTruthy();
  });

  it('[I13-js] a failed load is tried again while the part is wanted (React.lazy would fail for good)', async () => {
    let calls = 0;
    const Part = lazyPart(async () => {
      calls += 1;
      if (calls < 3) throw importFailed();
      return Menu;
    }, FAST);
    render(<Part label="Site menu" />);
    expect(await screen.findByRole('navigation', { name: 'Site menu' })).toBeTruthy();
    expect(calls).toBe(3);
  });

  it('[I13-js] after the retries run out, the next time the part is wanted loads it again', async () => {
    let failing = true;
    let calls = 0;
    const Part = lazyPart(async () => {
      calls += 1;
      if (failing) throw importFailed();
      return Menu;
    }, FAST);
    const first = render(<Part label="Site menu" />);
    // The first try and three more, then it waits to be wanted again.
    await waitFor(() => expect(calls).toBe(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(4);
    expect(screen.queryByRole('navigation')).toBeNull();
    first.unmount();
    failing = false;
    render(<Part label="Site menu" />);
    expect(await screen.findByRole('navigation', { name: 'Site menu' })).toBeTruthy();
    expect(calls).toBe(5);
  });
});
