import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('footer', () => {
  it('[SHELL-09] links to the Privacy Policy and the Terms & Conditions on /browse', async () => {
    renderApp('/browse');
    const footer = await screen.findByRole('contentinfo');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    expect(footer).toContainElement(screen.getByRole('link', { name: 'Privacy Policy' }));
  });

  it.each(['/checkout', '/register'])('[SHELL-10] is hidden on %s', async (path) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
  });
});
