import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, CSRF } from '../../test/factories';
import { fakeApi, stepUpRequired } from '../../test/fake-api';
import { ASSERTION, renderAdmin } from '../../test/render-admin';

// [I27-recovery] The Passkeys screen: one's own passkeys with their waiting state and Remove; operators
// approve (or remove) other members' waiting passkeys, with the passkey asked first.

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Quokka' } };
const aPasskey = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  staff_id: 7,
  staff_name: 'Jo Operator',
  created_at: '2026-11-20T01:00:00.000Z',
  last_used_at: '2026-11-24T09:00:00.000Z',
  pending_until: null,
  current: true,
  ...overrides,
});

describe('[I27-recovery] passkeys', () => {
  it('shows the member that their session’s passkey waits, marks it in the list, and removes another', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe({ passkey_pending_until: '2026-11-25T09:00:00.000Z' }) },
      'GET /dashboard': { body: aDashboard() },
      'GET /passkeys': [
        {
          body: {
            items: [
              aPasskey({ id: 1, current: false }),
              aPasskey({ id: 2, current: true, pending_until: '2026-11-25T09:00:00.000Z' }),
            ],
          },
        },
        { body: { items: [aPasskey({ id: 2, current: true, pending_until: '2026-11-25T09:00:00.000Z' })] } },
      ],
      'GET /passkeys/pending': { body: { items: [] } },
      'POST /passkeys/1/remove': { body: { status: true } },
    });
    renderAdmin('/admin/passkeys');
    expect(await screen.findByRole('heading', { name: 'Passkeys' })).toBeInTheDocument();
    expect(screen.getByText(/You signed in with a new passkey/)).toHaveTextContent(/25 Nov 2026, 8:00\s?pm/);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Counts');
    expect(rows[2]).toHaveTextContent(/Waiting until 25 Nov 2026, 8:00\s?pm/);
    expect(rows[2]).toHaveTextContent('This session');
    expect(screen.getByText('None waiting.')).toBeInTheDocument();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The passkey was removed.')).toBeInTheDocument();
    expect(api.to('POST /passkeys/1/remove')[0]?.headers['x-csrf-token']).toBe(CSRF);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(api.unexpected).toEqual([]);
  });

  it('an operator approves another member’s waiting passkey after the passkey check', async () => {
    const user = userEvent.setup();
    const waiting = aPasskey({
      id: 9,
      staff_id: 12,
      staff_name: 'Sam Seller',
      current: false,
      last_used_at: null,
      pending_until: '2026-11-25T09:00:00.000Z',
    });
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /passkeys': { body: { items: [aPasskey()] } },
      'GET /passkeys/pending': [{ body: { items: [waiting] } }, { body: { items: [] } }],
      'POST /passkeys/9/approve': [stepUpRequired, { body: { status: true } }],
      'POST /step-up/options': { body: OPTIONS },
      'POST /step-up': { body: { status: true, ...aMe({ passkey_fresh: true }) } },
    });
    const { webauthn } = renderAdmin('/admin/passkeys');
    const heading = await screen.findByRole('heading', { name: 'Waiting for approval' });
    expect(heading).toBeInTheDocument();
    const row = (await screen.findByText('Sam Seller')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(/Waiting until 25 Nov 2026/);
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText("Sam Seller's passkey now counts.")).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(api.to('POST /step-up')[0]?.body).toEqual({ response: ASSERTION });
    expect(api.to('POST /passkeys/9/approve')).toHaveLength(2);
    expect(await screen.findByText('None waiting.')).toBeInTheDocument();
    expect(api.unexpected).toEqual([]);
  });
});
