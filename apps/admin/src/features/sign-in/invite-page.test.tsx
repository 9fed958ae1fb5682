import type { SellerHomeReply } from '@quokka/contract/api/seller-home';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi, signedOut } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I32] The invite text's link: nothing is used until the member presses the button (a POST); then the
// sign-in screen asks for their passkey. A used, expired or unknown link shows the server's words.

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Quokka' } };
const needsPasskey = aMe({
  staff: {
    id: 21,
    name: 'Ivy Invite',
    mobile: '+61412000222',
    role: 'vendor',
    seller_id: 3,
    seller_owner: true,
  },
  stage: 'needs_passkey',
  passkey_checked_at: null,
  passkey_fresh_until: null,
});

describe('[I32] the invite page', () => {
  it('opens the back office with a POST of the token, then asks for the passkey', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': signedOut,
      'POST /invites/accept': { body: { status: true, ...needsPasskey } },
      'POST /passkeys/options': { body: OPTIONS },
      'POST /passkeys': { body: { status: true, ...aMe({ staff: needsPasskey.staff }) } },
      'GET /dashboard': { body: aDashboard() },
      'GET /orders': { body: { items: [], total: 0, page: 1, page_size: 50 } },
      'GET /seller-home': {
        body: {
          seller: { id: 3, name: 'Harbour Goods' },
          to_ship: { total: 0, items: [] },
          refunds: { days: 14, total: 0, items: [] },
          takings: {
            from: '2026-11-22T13:00:00.000Z',
            from_date: '2026-11-23',
            sales_cents: 0,
            refunds_cents: 0,
            takings_cents: 0,
          },
        } satisfies SellerHomeReply,
      },
    });
    renderAdmin('/admin/invite/tok_en-123');
    expect(
      await screen.findByRole('heading', { name: "Welcome to Wattle Shop's back office" }),
    ).toBeInTheDocument();
    // Showing the page uses nothing.
    expect(api.to('POST /invites/accept')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Open the back office' }));
    expect(api.to('POST /invites/accept')[0]?.body).toEqual({ token: 'tok_en-123' });

    expect(await screen.findByRole('heading', { name: 'Add a passkey' })).toBeInTheDocument();
    expect(screen.getByText(/Hello Ivy Invite/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    // [I34] A seller's staff start on their Home screen.
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(api.unexpected).toEqual([]);
  });

  it('a used link says so in the server’s words, with a link to the normal sign-in', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': signedOut,
      'POST /invites/accept': {
        status: 400,
        body: {
          message: 'This invite link was used already. Sign in with your mobile instead.',
          code: 'INVALID_DATA',
        },
      },
    });
    renderAdmin('/admin/invite/used-token');
    await user.click(await screen.findByRole('button', { name: 'Open the back office' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invite link was used already. Sign in with your mobile instead.',
    );
    await user.click(screen.getByRole('link', { name: 'Sign in with your mobile instead' }));
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument();
  });
});
