import { screen, within } from '@testing-library/react';
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

  it('[I11-12] names the operator, its ABN and how to reach support, as links to tap', async () => {
    renderApp('/browse');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByText('Quokka Marketplace Pty Ltd')).toBeInTheDocument();
    expect(within(footer).getByText('ABN 12 345 679 016')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(within(footer).getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
  });

  it('[I11-12] shows the identity the server configured', async () => {
    document.head.innerHTML = `<meta name="quokka-config" content='${JSON.stringify({
      business: {
        tradingName: 'Wattle Pty Ltd',
        abn: '51 824 753 556',
        supportEmail: 'help@wattle.example',
        supportPhone: null,
      },
    })}'>`;
    try {
      renderApp('/browse');
      const footer = await screen.findByRole('contentinfo');
      expect(within(footer).getByText('ABN 51 824 753 556')).toBeInTheDocument();
      expect(within(footer).getByRole('link', { name: 'help@wattle.example' })).toBeInTheDocument();
      expect(within(footer).queryByRole('link', { name: /1300/ })).not.toBeInTheDocument();
    } finally {
      document.head.innerHTML = '';
    }
  });
});
