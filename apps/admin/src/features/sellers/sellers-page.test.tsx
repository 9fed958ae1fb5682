import type { AdminSeller } from '@quokka/contract/api/sellers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I32] The Sellers screen: the list with each seller's status, Suspend (with a reason) and Lift suspension.

const aSeller = (overrides: Partial<AdminSeller> = {}): AdminSeller => ({
  id: 3,
  name: 'Harbour Goods',
  seller_url: 'harbour-goods',
  suspended_at: null,
  suspended_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const SUSPENDED = {
  suspended_at: '2026-11-24T09:13:00.000Z',
  suspended_reason: 'Goods not as described',
};

describe('[I32] Sellers', () => {
  it('lists the sellers with their status; Suspend asks for the reason and suspends', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /sellers': [
        {
          body: { items: [aSeller(), aSeller({ id: 4, name: 'Outback Outfitters', seller_url: 'outback' })] },
        },
        {
          body: {
            items: [
              aSeller(SUSPENDED),
              aSeller({ id: 4, name: 'Outback Outfitters', seller_url: 'outback' }),
            ],
          },
        },
      ],
      'POST /sellers/3/suspend': [
        { status: 400, body: { message: 'reason: Too long', code: 'INVALID_DATA' } },
        { body: { seller: aSeller(SUSPENDED) } },
      ],
    });
    renderAdmin('/admin/sellers');
    expect(await screen.findByRole('heading', { name: 'Sellers', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sellers' })).toBeInTheDocument();
    const harbour = await screen.findByRole('listitem', { name: 'Harbour Goods' });
    expect(harbour).toHaveTextContent('harbour-goods');
    expect(harbour).toHaveTextContent('Selling');

    await user.click(within(harbour).getByRole('button', { name: 'Suspend' }));
    // No reason: said at once, nothing sent.
    await user.click(within(harbour).getByRole('button', { name: 'Suspend seller' }));
    expect(within(harbour).getByRole('alert')).toHaveTextContent(
      'Please give the reason for the suspension.',
    );
    expect(api.to('POST /sellers/3/suspend')).toHaveLength(0);
    await user.type(within(harbour).getByLabelText('Reason'), 'Goods not as described');
    // The server's message is shown.
    await user.click(within(harbour).getByRole('button', { name: 'Suspend seller' }));
    expect(await within(harbour).findByRole('alert')).toHaveTextContent('reason: Too long');
    await user.click(within(harbour).getByRole('button', { name: 'Suspend seller' }));
    await waitFor(() => expect(api.to('POST /sellers/3/suspend')).toHaveLength(2));
    expect(api.to('POST /sellers/3/suspend')[1]?.body).toEqual({ reason: 'Goods not as described' });
    expect(await screen.findByRole('status')).toHaveTextContent('Harbour Goods is suspended');
    const after = await screen.findByRole('listitem', { name: 'Harbour Goods' });
    await waitFor(() =>
      expect(after).toHaveTextContent('Suspended since 24 Nov 2026, 8:13 pm: Goods not as described'),
    );
    expect(within(after).getByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
  });

  it('Lift suspension lifts it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /sellers': [{ body: { items: [aSeller(SUSPENDED)] } }, { body: { items: [aSeller()] } }],
      'POST /sellers/3/lift': { body: { seller: aSeller() } },
    });
    renderAdmin('/admin/sellers');
    const harbour = await screen.findByRole('listitem', { name: 'Harbour Goods' });
    await user.click(within(harbour).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(api.to('POST /sellers/3/lift')).toHaveLength(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Harbour Goods can sell again');
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Harbour Goods' })).toHaveTextContent('Selling'),
    );
  });
});
