import { SELLER_APPLICATION_TEXTS as T } from '@quokka/contract/api/seller-applications';
import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { stubCatalogApi, withStatus } from '../catalog/test/catalog-factories';

// [I32] "Sell with us" (/sell, routes/sell-page.tsx): the form with the contract's rules and words, the
// mobile proven with the one-time code beside it, the application sent with the code's token, and the
// server's field messages shown under their fields with nothing typed lost. The network is stubbed at
// fetch; the shell's catalogue calls are answered by the catalogue stub.

const NS = '/rest/default/V1/storefront';

interface Seen {
  path: string;
  body: Record<string, unknown> | undefined;
}

function showSellPage(replies: Record<string, Response | (() => Response)> = {}) {
  const catalogue = stubCatalogApi({ categories: [] });
  const seen: Seen[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.startsWith(`${NS}/`) ? url.pathname.slice(NS.length + 1) : '';
    if (['sendmobilecode', 'confirmmobilecode', 'sellerApplications'].includes(name)) {
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      seen.push({ path: name, body });
      const override = replies[name];
      if (override) return typeof override === 'function' ? override() : override;
      if (name === 'sendmobilecode') return json({ status: true });
      if (name === 'confirmmobilecode') return json({ status: true, jwt: 'verified-mobile-token' });
      return json({ status: true, id: 7, mobile: '0412 345 678' });
    }
    return catalogue(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderApp('/sell'), seen };
}

const field = (label: string) => screen.getByLabelText(label);

async function fillForm(
  user: ReturnType<typeof showSellPage>['user'],
  overrides: Record<string, string> = {},
) {
  const values: Record<string, string> = {
    [T.labels.business_name]: 'Saltline Surf Co',
    [T.labels.abn]: '51 824 753 556',
    [T.labels.contact_name]: 'Kim Nguyen',
    [T.labels.mobile]: '0412 345 678',
    [T.labels.email]: 'kim@saltline.example',
    [T.labels.sells]: 'Surf wax, leashes and boardshorts.',
    [T.labels.website]: 'instagram.com/saltlinesurf',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  }
}

async function confirmMobile(user: ReturnType<typeof showSellPage>['user']) {
  await user.click(screen.getByRole('button', { name: T.sendCode }));
  await user.type(await screen.findByLabelText(T.labels.code), '123456');
  await user.click(screen.getByRole('button', { name: T.confirm }));
  await screen.findByText(T.mobileConfirmed);
}

describe('[I32] Sell with us (/sell)', () => {
  it('[I32-apply] is linked from the footer as "Sell with us"', async () => {
    vi.stubGlobal('fetch', stubCatalogApi({ categories: [] }));
    renderApp('/browse');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Sell with us' })).toHaveAttribute('href', '/sell');
  });

  it('[I32-apply] has every field with its label, the vendor terms linked, and applies with the code’s token', async () => {
    const { user, seen } = showSellPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell with us' })).toBeInTheDocument();
    for (const label of [
      'Business name',
      'ABN',
      'Contact name',
      'Mobile',
      'Email',
      'What you sell',
      'Website or social link',
      'I accept the vendor terms',
    ])
      expect(field(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'vendor terms' })).toHaveAttribute('href', '/terms#vendor-terms');

    await fillForm(user);
    await confirmMobile(user);
    expect(seen.map((call) => call.path)).toEqual(['sendmobilecode', 'confirmmobilecode']);
    expect(seen[0]?.body).toMatchObject({ mobile: '+61412345678' });
    expect(seen[1]?.body).toMatchObject({ mobile: '+61412345678', code: '123456' });
    // Once confirmed, the code's button and field go.
    expect(screen.queryByRole('button', { name: T.sendCode })).toBeNull();
    expect(screen.queryByLabelText(T.labels.code)).toBeNull();

    await user.click(field('I accept the vendor terms'));
    await user.click(screen.getByRole('button', { name: 'Apply to sell' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Application sent' })).toBeInTheDocument();
    expect(screen.getByText(T.sentBody('0412 345 678'))).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({
      path: 'sellerApplications',
      body: {
        business_name: 'Saltline Surf Co',
        abn: '51 824 753 556',
        contact_name: 'Kim Nguyen',
        mobile: '+61412345678',
        email: 'kim@saltline.example',
        sells: 'Surf wax, leashes and boardshorts.',
        website: 'instagram.com/saltlinesurf',
        terms_accepted: true,
        jwt: 'verified-mobile-token',
      },
    });
  });

  it('[I32-apply] shows each field’s message under it (the contract’s words), sends nothing, and keeps what was typed', async () => {
    const { user, seen } = showSellPage();
    await screen.findByRole('heading', { level: 1, name: 'Sell with us' });
    await fillForm(user, {
      [T.labels.business_name]: '',
      [T.labels.abn]: '12 345 678 901',
      [T.labels.email]: 'kim@',
      [T.labels.sells]: 'Wax',
      [T.labels.website]: 'my shop',
    });
    await user.click(screen.getByRole('button', { name: 'Apply to sell' }));
    expect(field('Business name')).toHaveAccessibleDescription(T.businessName);
    expect(field('Business name')).toHaveFocus();
    expect(field('ABN')).toHaveAccessibleDescription(T.abnInvalid);
    expect(field('Mobile')).toHaveAccessibleDescription(T.confirmMobile);
    expect(field('Email')).toHaveAccessibleDescription(MSG.validEmail);
    expect(field('What you sell')).toHaveAccessibleDescription(T.sells);
    expect(field('Website or social link')).toHaveAccessibleDescription(T.website);
    expect(field('I accept the vendor terms')).toHaveAccessibleDescription(T.acceptTerms);
    expect(field('Contact name')).not.toHaveAttribute('aria-invalid');
    expect(field('ABN')).toHaveValue('12 345 678 901');
    expect(field('Website or social link')).toHaveValue('my shop');
    expect(seen).toEqual([]);

    // A bad mobile is caught before a code is sent.
    await user.clear(field('Mobile'));
    await user.type(field('Mobile'), '02 9999 0000');
    await user.click(screen.getByRole('button', { name: T.sendCode }));
    expect(field('Mobile')).toHaveAccessibleDescription(MSG.validMobile);
    // The other fields' messages stay until they are changed.
    expect(field('ABN')).toHaveAccessibleDescription(T.abnInvalid);
    expect(seen).toEqual([]);
  });

  it('[I32-apply] a wrong code is shown under the code field', async () => {
    const { user } = showSellPage({
      confirmmobilecode: () => withStatus(400, { message: 'The code is not correct.', code: 'INVALID_DATA' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sell with us' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: T.sendCode }));
    expect(await screen.findByText(T.codeSent('0412 345 678'))).toBeInTheDocument();
    await user.type(screen.getByLabelText(T.labels.code), '000000');
    await user.click(screen.getByRole('button', { name: T.confirm }));
    await waitFor(() =>
      expect(screen.getByLabelText(T.labels.code)).toHaveAccessibleDescription('The code is not correct.'),
    );
  });

  it('[I32-apply] the server’s field messages show under their fields and nothing typed is lost', async () => {
    const { user } = showSellPage({
      sellerApplications: () =>
        withStatus(400, {
          status: false,
          message: T.alreadyWaiting,
          code: 'INPUT_VALIDATION',
          input_validation: { mobile: [T.alreadyWaiting] },
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sell with us' });
    await fillForm(user);
    await confirmMobile(user);
    await user.click(field('I accept the vendor terms'));
    await user.click(screen.getByRole('button', { name: 'Apply to sell' }));
    await waitFor(() => expect(field('Mobile')).toHaveAccessibleDescription(T.alreadyWaiting));
    expect(field('Business name')).toHaveValue('Saltline Surf Co');
    expect(field('What you sell')).toHaveValue('Surf wax, leashes and boardshorts.');
    expect(field('I accept the vendor terms')).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Application sent' })).toBeNull();
    // The proof was not taken: the number needs a new code.
    expect(screen.getByRole('button', { name: T.sendCode })).toBeInTheDocument();
  });

  it('[I32-apply] changing the mobile after confirming asks for a new code', async () => {
    const { user } = showSellPage();
    await screen.findByRole('heading', { level: 1, name: 'Sell with us' });
    await fillForm(user);
    await confirmMobile(user);
    await user.type(field('Mobile'), '9');
    expect(screen.getByRole('button', { name: T.sendCode })).toBeInTheDocument();
    expect(screen.queryByText(T.mobileConfirmed)).toBeNull();
  });
});
